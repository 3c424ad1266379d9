import { queryOptions, useQuery } from '@tanstack/react-query';
import { byStart } from '../lib/show-time';
import { toShowView } from './to-show-view';
import type { ScheduleView } from './types';
import { getJson } from './untyped';

/** How far ahead the Movie page and the watchlist look for shows. */
export const NEXT_SHOWS_DAYS = 7;

/** GET /movies/{tmdbId}/showtimes?area=&days=7: one film's next shows in an area. */
export function movieShowtimesQuery(movieId: number, area: number) {
  return queryOptions({
    queryKey: ['showtimes', 'movie', movieId, area],
    queryFn: async (): Promise<ScheduleView> => {
      const data = (await getJson(`/movies/${movieId}/showtimes`, { area, days: NEXT_SHOWS_DAYS }, 'Failed to fetch schedule')) as {
        schedule: Record<string, unknown>[];
        fetchedAt?: string;
        stale?: boolean;
      };
      return { shows: data.schedule.map(toShowView).sort(byStart), fetchedAt: data.fetchedAt ?? null, stale: data.stale === true };
    },
    staleTime: 5 * 60_000,
  });
}

export function useMovieShowtimes(movieId: number, area: number | null) {
  return useQuery({ ...movieShowtimesQuery(movieId, area ?? 0), enabled: area !== null });
}
