import { useQueries } from '@tanstack/react-query';
import { moviePageQueryOptions, useMovieLanguage, type MovieListItem, type MovieSource } from '@/api/movies';
import { apiPagesFor, sliceUiPage, uiPageCount } from './paging';

export type BrowseResult = {
  movies: MovieListItem[];
  totalResults: number;
  pageCount: number;
};

/**
 * UI page `uiPage` (16 movies) of `source`, fetched as the one or two API pages that hold
 * it; the query cache keeps those pages, so paging back and forth asks the server once.
 */
export function useBrowseMovies(source: MovieSource, uiPage: number) {
  const { pages } = apiPagesFor(uiPage);
  const language = useMovieLanguage();
  return useQueries({
    queries: pages.map((page) => moviePageQueryOptions(source, page, language)),
    combine: (results) => {
      const error = results.find((result) => result.error)?.error ?? null;
      const isPending = results.some((result) => result.isPending);
      const first = results[0]?.data;
      let data: BrowseResult | undefined;
      // Past TMDB's 500 pages there is nothing to ask for.
      if (results.length === 0) data = { movies: [], totalResults: 0, pageCount: 0 };
      else if (!isPending && !error && first) {
        const apiResults = results.map((result) => result.data?.results ?? []);
        data = {
          movies: sliceUiPage(uiPage, apiResults),
          totalResults: first.totalResults,
          pageCount: uiPageCount(first.totalResults, first.totalPages),
        };
      }
      return { data, error, isPending: isPending && !error, isFetching: results.some((r) => r.isFetching) };
    },
  });
}
