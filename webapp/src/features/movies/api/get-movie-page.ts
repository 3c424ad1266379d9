import { queryOptions, useQueries } from '@tanstack/react-query';
import type { MovieListItem, MoviePage } from '../types';
import { apiPagesFor, sliceUiPage, uiPageCount } from '../lib/paging';
import { getJson } from './get-json';

/** Where a list comes from: a title search, genres (all must match), or popular movies. */
export type MovieSource = { kind: 'search'; q: string } | { kind: 'discover'; genres: number[] } | { kind: 'popular' };

export function sourceFor(q: string, genres: number[]): MovieSource {
  if (q) return { kind: 'search', q };
  if (genres.length > 0) return { kind: 'discover', genres };
  return { kind: 'popular' };
}

/** One API page (20 movies): GET /tmdb/search, /tmdb/discover or /tmdb/popular. */
export async function getMoviePage(source: MovieSource, page: number): Promise<MoviePage> {
  switch (source.kind) {
    case 'search':
      return getJson('/tmdb/search', { query: source.q, page }, 'Search failed');
    case 'discover':
      return getJson('/tmdb/discover', { with_genres: source.genres.join(','), page }, 'Search failed');
    case 'popular':
      return getJson('/tmdb/popular', { page }, 'Search failed');
  }
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
