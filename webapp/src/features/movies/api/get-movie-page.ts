import { queryOptions, useQueries } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { toMoviePage, type MovieListItem, type MoviePage } from '../types';
import { apiPagesFor, sliceUiPage, uiPageCount } from '../lib/paging';

/** Where a list comes from: a title search, genres (all must match), or popular movies. */
export type MovieSource = { kind: 'search'; q: string } | { kind: 'discover'; genres: number[] } | { kind: 'popular' };

export function sourceFor(q: string, genres: number[]): MovieSource {
  if (q) return { kind: 'search', q };
  if (genres.length > 0) return { kind: 'discover', genres };
  return { kind: 'popular' };
}

/** One API page (20 movies): GET /tmdb/search, /tmdb/discover or /tmdb/popular. */
export async function getMoviePage(source: MovieSource, page: number): Promise<MoviePage> {
  const pageParam = String(page);
  const { data, error, response } =
    source.kind === 'search'
      ? await api.GET('/tmdb/search', { params: { query: { query: source.q, page: pageParam } } })
      : source.kind === 'discover'
        ? await api.GET('/tmdb/discover', { params: { query: { with_genres: source.genres.join(','), page: pageParam } } })
        : await api.GET('/tmdb/popular', { params: { query: { page: pageParam } } });
  if (!data) throw new ApiError(response.status, error, 'Search failed');
  return toMoviePage(data);
}

export function moviePageQueryOptions(source: MovieSource, page: number) {
  const key = source.kind === 'search' ? source.q : source.kind === 'discover' ? source.genres.join(',') : '';
  return queryOptions({
    queryKey: ['tmdb', source.kind, key, page],
    queryFn: () => getMoviePage(source, page),
    staleTime: 5 * 60_000,
  });
}

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
  return useQueries({
    queries: pages.map((page) => moviePageQueryOptions(source, page)),
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
