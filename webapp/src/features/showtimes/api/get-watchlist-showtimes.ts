import { queryOptions, useQuery } from '@tanstack/react-query';
import { toShowView } from './to-show-view';
import type { ShowView } from './types';
import { getJson } from './untyped';

export type WatchlistShowing = {
  movie: { id: number; title: string; posterUrl: string | null; year: number | null };
  nextShow: ShowView;
  showCount: number;
};

/** GET /showtimes/watchlist?area=: the user's watchlist films showing in the area in the next 7 days. */
export function watchlistShowtimesQuery(area: number) {
  return queryOptions({
    queryKey: ['showtimes', 'watchlist', area],
    queryFn: async (): Promise<WatchlistShowing[]> => {
      const data = (await getJson('/showtimes/watchlist', { area }, 'Failed to fetch schedule')) as {
        films: (Record<string, unknown> & { nextShow: Record<string, unknown>; showCount: number })[];
      };
      return data.films.map((film) => ({
        movie: {
          id: Number(film.tmdbId),
          title: String(film.title ?? ''),
          posterUrl: typeof film.posterPath === 'string' ? film.posterPath : null,
          year: typeof film.releaseYear === 'number' ? film.releaseYear : null,
        },
        nextShow: toShowView(film.nextShow),
        showCount: film.showCount,
      }));
    },
    staleTime: 5 * 60_000,
  });
}

export function useWatchlistShowtimes(area: number | null, enabled: boolean) {
  return useQuery({ ...watchlistShowtimesQuery(area ?? 0), enabled: enabled && area !== null });
}
