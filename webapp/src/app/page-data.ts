import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from '@/lib/router';
import { genresQueryOptions, movieLanguageFor, moviePageQueryOptions, movieQueryOptions, sourceFor } from '@/api/movies';
import { readBrowseParams } from '@/features/movies/lib/browse-params';
import { apiPagesFor } from '@/features/movies/lib/paging';
import { LOCALES, type Language } from '@/lib/i18n';

/**
 * Starts the queries the page at `pathname` + `search` shows first, with the very keys and
 * options the page's own hooks use (so the page finds them in the cache and asks nothing
 * twice): the movie on /movie/:id (movie-page.tsx), the genres and the movies on /browse
 * (browse-page.tsx). Resolves when they have settled, whether they succeeded or not; a
 * failed one is the page's to show and retry as before.
 */
export function prefetchPageData(queryClient: QueryClient, pathname: string, search: string, language: Language): Promise<void> {
  const movieLanguage = movieLanguageFor(LOCALES[language]);
  const movie = matchPath('/movie/:id', pathname);
  if (movie) {
    const raw = movie.params.id ?? '';
    if (!/^\d+$/.test(raw) || Number(raw) <= 0) return Promise.resolve();
    return queryClient.prefetchQuery(movieQueryOptions(Number(raw), movieLanguage));
  }
  if (matchPath('/browse', pathname)) {
    const fromUrl = readBrowseParams(new URLSearchParams(search));
    // A title search covers every genre (browse-page.tsx).
    const source = sourceFor(fromUrl.q, fromUrl.q ? [] : fromUrl.genres);
    const pages = apiPagesFor(fromUrl.page).pages.map((page) => queryClient.prefetchQuery(moviePageQueryOptions(source, page, movieLanguage)));
    return Promise.all([queryClient.prefetchQuery(genresQueryOptions(movieLanguage)), ...pages]).then(() => undefined);
  }
  return Promise.resolve();
}
