// The homepage's queries (options and keys in src/api), each cached for 30 minutes.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { popularMoviesInfiniteOptions, useMovieLanguage, type MovieListItem, type MoviePage } from '@/api/movies';
import { inTheatersOptions } from '@/api/showtimes';
import { leaderboardOptions, recentReviewsOptions, type Leaderboard } from '@/api/reviews';

/** Homepage data is cached for 30 minutes (PRODUCT-SPEC §9). */
export const HOME_STALE_TIME = 30 * 60_000;
/** The homepage shows at most 100 popular movies (PRODUCT-SPEC §9): 5 pages of 20. */
export const POPULAR_MAX_PAGES = 5;
/** Recent reviews, most active and most popular users: 20 each (PRODUCT-SPEC §9). */
export const HOME_LIST_LIMIT = 20;

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

export function useRecentReviews() {
  return useQuery({ ...recentReviewsOptions(HOME_LIST_LIMIT), staleTime: HOME_STALE_TIME });
}

export function useLeaderboard(board: Leaderboard) {
  return useQuery({ ...leaderboardOptions(board, HOME_LIST_LIMIT), staleTime: HOME_STALE_TIME });
}

export function useInTheaters() {
  return useQuery({ ...inTheatersOptions(), staleTime: HOME_STALE_TIME });
}
