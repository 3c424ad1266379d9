import { queryOptions, useQuery } from '@tanstack/react-query';
import { getWatchlistShowtimes, showtimeKeys } from '@/api/showtimes';
import { toShowView } from './to-show-view';
import type { ShowView } from './types';

export type WatchlistShowing = {
  movie: { id: number; title: string; posterUrl: string | null; year: number | null };
  nextShow: ShowView;
  showCount: number;
};

/** GET /showtimes/watchlist?area=: the user's watchlist films showing in the area in the next 7 days. */
export function watchlistShowtimesQuery(area: number) {
  return queryOptions({
    queryKey: showtimeKeys.watchlist(area),
    queryFn: async (): Promise<WatchlistShowing[]> => {
      const films = await getWatchlistShowtimes(area);
      return films.map((film) => ({
        movie: { id: film.tmdbId, title: film.title, posterUrl: film.posterPath ?? null, year: film.releaseYear ?? null },
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
