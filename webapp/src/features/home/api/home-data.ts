import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { popularMoviesInfiniteOptions, useMovieLanguage, type MovieListItem, type MoviePage } from '@/api/movies';
import { ApiError, api } from '@/lib/api-client';

type Schemas = components['schemas'];

/** Homepage data is cached for 30 minutes (PRODUCT-SPEC §9). */
export const HOME_STALE_TIME = 30 * 60_000;
/** The homepage shows at most 100 popular movies (PRODUCT-SPEC §9): 5 pages of 20. */
export const POPULAR_MAX_PAGES = 5;
/** Recent reviews, most active and most popular users: 20 each (PRODUCT-SPEC §9). */
export const HOME_LIST_LIMIT = 20;

export type RecentReview = Schemas['Review'];
export type RankedUser = Schemas['User'];

/** Popular movies in the reader's language a page (20) at a time, up to 100; `fetchNextPage` loads the next page. */
export function usePopularMovies() {
  const language = useMovieLanguage();
  return useInfiniteQuery({ ...popularMoviesInfiniteOptions(language, POPULAR_MAX_PAGES), staleTime: HOME_STALE_TIME });
}

/** The movies of all loaded pages, each once (TMDB's popular pages can overlap while it re-ranks). */
export function uniqueMovies(pages: MoviePage[] | undefined): MovieListItem[] {
  const seen = new Set<number>();
  const movies: MovieListItem[] = [];
  for (const page of pages ?? []) {
    for (const movie of page.results) {
      if (seen.has(movie.id)) continue;
      seen.add(movie.id);
      movies.push(movie);
    }
  }
  return movies;
}

/** GET /reviews/recent?limit=20: the newest reviews. */
export const recentReviewsQuery = queryOptions({
  queryKey: ['home', 'recent-reviews'],
  queryFn: async (): Promise<RecentReview[]> => {
    const { data, error, response } = await api.GET('/reviews/recent', { params: { query: { limit: HOME_LIST_LIMIT } } });
    if (!data) throw new ApiError(response.status, error, 'Failed to fetch reviews');
    return data.data.reviews;
  },
  staleTime: HOME_STALE_TIME,
});

export function useRecentReviews() {
  return useQuery(recentReviewsQuery);
}

export type Leaderboard = 'review-count' | 'aura';

/** GET /reviews/users-by-review-count or /reviews/users-by-aura, 20 users. */
export function leaderboardQuery(board: Leaderboard) {
  return queryOptions({
    queryKey: ['home', 'users', board],
    queryFn: async (): Promise<RankedUser[]> => {
      const options = { params: { query: { limit: HOME_LIST_LIMIT } } };
      const { data, error, response } =
        board === 'aura'
          ? await api.GET('/reviews/users-by-aura', options)
          : await api.GET('/reviews/users-by-review-count', options);
      if (!data) throw new ApiError(response.status, error, 'Failed to load users');
      // The review-count board also lists users without reviews; they are not "active".
      return data.data.users.filter((user) => user.review_count > 0);
    },
    staleTime: HOME_STALE_TIME,
  });
}

export function useLeaderboard(board: Leaderboard) {
  return useQuery(leaderboardQuery(board));
}

/** A film now in Finnish cinemas (GET /tmdb/in-theaters): Finnkino's "now in theatres" matched to TMDB. */
export type InTheaterMovie = {
  id: number;
  originalTitle: string;
  posterPath: string | null;
  releaseYear: number | null;
  overview: string;
};

/** GET /tmdb/in-theaters: up to 100 films (PRODUCT-SPEC §9). */
export const inTheatersQuery = queryOptions({
  queryKey: ['home', 'in-theaters'],
  queryFn: async (): Promise<InTheaterMovie[]> => {
    const response = await globalThis.fetch(new Request(`${globalThis.location?.origin ?? ''}/api/v1/tmdb/in-theaters`));
    const data = (await response.json().catch(() => null)) as { results?: Partial<InTheaterMovie>[] } | null;
    if (!response.ok || !data?.results) throw new ApiError(response.status, data, 'Failed to load movies in theaters');
    return data.results.map((movie) => ({
      id: Number(movie.id),
      originalTitle: movie.originalTitle ?? '',
      posterPath: movie.posterPath ?? null,
      releaseYear: movie.releaseYear ?? null,
      overview: movie.overview ?? '',
    }));
  },
  staleTime: HOME_STALE_TIME,
});

export function useInTheaters() {
  return useQuery(inTheatersQuery);
}
