import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMovieShowtimes, showtimeKeys } from '@/api/showtimes';
import { byStart } from '../lib/show-time';
import { toShowView } from './to-show-view';
import type { ScheduleView } from './types';

/** How far ahead the Movie page and the watchlist look for shows. */
export const NEXT_SHOWS_DAYS = 7;

/** GET /movies/{tmdbId}/showtimes?area=&days=7: one film's next shows in an area. */
export function movieShowtimesQuery(movieId: number, area: number) {
  return queryOptions({
    queryKey: showtimeKeys.movie(movieId, area, NEXT_SHOWS_DAYS),
    queryFn: async (): Promise<ScheduleView> => {
      const data = await getMovieShowtimes(movieId, area, NEXT_SHOWS_DAYS);
      return { shows: data.schedule.map(toShowView).sort(byStart), fetchedAt: data.fetchedAt, stale: data.stale };
    },
    staleTime: 5 * 60_000,
  });
}

export function useMovieShowtimes(movieId: number, area: number | null) {
  return useQuery({ ...movieShowtimesQuery(movieId, area ?? 0), enabled: area !== null });
}
