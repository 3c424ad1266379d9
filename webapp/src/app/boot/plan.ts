// What the boot script (./main.ts) starts for the page being opened. This module is bundled
// into the boot script alone: anything it imported from the app would become a chunk shared
// with the app's entry, one more request before either could run. So it repeats a few
// small rules of the app (the language choice, Browse's URL parameters and paging, the
// API's query strings); plan.test.ts checks that each copy agrees with the original.

/** The table the build writes into index.html (scripts/route-preloads.mjs). */
export type PreloadTable = {
  /** Every file named below, once; the lists hold indexes into it. */
  files: string[];
  /** Route patterns (`/movie/:id`) in the router's order, with the files of the page's code. */
  routes: [pattern: string, files: number[]][];
  /** Each language's texts that every page needs (scripts/page-texts.mjs). */
  catalogues: Record<BootLanguage, number[]>;
  /** Each language's texts of each route's page, in `routes`' order; -1 where it has none of its own. */
  routeTexts: Record<BootLanguage, number[]>;
};

export type BootLanguage = 'fi' | 'en';

/** Where prefetched answers wait for the api client (lib/prefetched.ts reads the same name). */
export const PREFETCH_GLOBAL = '__leffaseuraPrefetched';

/** As lib/i18n/language.ts decides: the remembered choice, else Finnish for a Finnish browser. */
export function bootLanguage(stored: string | null, preferred: readonly string[]): BootLanguage {
  if (stored === 'fi' || stored === 'en') return stored;
  const first = preferred.find((tag) => tag.trim() !== '');
  return first && /^fi(\b|-|_)/i.test(first.trim()) ? 'fi' : 'en';
}

/** As lib/router.tsx decodes a `:param`: a malformed escape stays as it is (and no exception stops the boot script). */
function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** As the app's `matchPath` (lib/router.tsx) for the app's patterns: literal segments and `:param`s. */
export function matchesPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  // Trailing slashes do not count; an empty segment elsewhere (`/movie//603`) does, as in the router.
  const trimmed = pathname.replace(/\/+$/, '');
  const have = trimmed === '' ? [] : trimmed.split('/').slice(1);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < want.length; index += 1) {
    const segment = want[index] as string;
    const actual = have[index] as string;
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeSegment(actual);
    else if (segment.toLowerCase() !== actual.toLowerCase()) return null;
  }
  return params;
}

/** The files to fetch at once for `pathname` in `language`: the page's code and texts, and the texts every page needs. */
export function filesFor(table: PreloadTable, pathname: string, language: BootLanguage): string[] {
  const routeIndex = table.routes.findIndex(([pattern]) => matchesPattern(pattern, pathname));
  const route = table.routes[routeIndex];
  const texts = route ? (table.routeTexts[language][routeIndex] ?? -1) : -1;
  const indexes = [...table.catalogues[language], ...(route?.[1] ?? []), ...(texts >= 0 ? [texts] : [])];
  return indexes.map((index) => table.files[index]).filter((file): file is string => typeof file === 'string');
}

const UI_PAGE_SIZE = 16;
const API_PAGE_SIZE = 20;
const MAX_API_PAGES = 500;

/** features/movies/lib/paging.ts `apiPagesFor(...).pages`. */
function apiPages(uiPage: number): number[] {
  const start = (uiPage - 1) * UI_PAGE_SIZE;
  const first = Math.floor(start / API_PAGE_SIZE) + 1;
  const last = Math.floor((start + UI_PAGE_SIZE - 1) / API_PAGE_SIZE) + 1;
  return (first === last ? [first] : [first, last]).filter((page) => page <= MAX_API_PAGES);
}

/** openapi-fetch's default query serializer: `key=value` pairs, each URI-encoded, in order. */
function query(values: [string, string][]): string {
  return values.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
}

/**
 * The API answers the page at `pathname` + `search` asks for first, exactly as the page's
 * queries request them (api/movies.ts), so the api client can hand them over instead of
 * asking again: the movie on /movie/:id, the genres and the movies on /browse.
 */
export function prefetchUrls(origin: string, pathname: string, search: string, language: BootLanguage): string[] {
  const api = `${origin}/api/v1`;
  const movieLanguage = language === 'fi' ? 'fi-FI' : 'en-US';
  const movie = matchesPattern('/movie/:id', pathname);
  if (movie) {
    // movie-page.tsx: a positive whole number, else "not found" without a call.
    const raw = movie.id ?? '';
    if (!/^\d+$/.test(raw) || Number(raw) <= 0) return [];
    return [`${api}/tmdb/${encodeURIComponent(String(Number(raw)))}?${query([['language', movieLanguage]])}`];
  }
  if (!matchesPattern('/browse', pathname)) return [];
  // features/movies/lib/browse-params.ts and api/movies.ts `getMoviePage`.
  const params = new URLSearchParams(search);
  const q = (params.get('q') ?? '').trim();
  const genres = [
    ...new Set(
      (params.get('genres') ?? '')
        .split(',')
        .map((part) => Number(part.trim()))
        .filter((id) => Number.isInteger(id) && id > 0),
    ),
  ];
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  const urls = [`${api}/tmdb/genres?${query([['language', movieLanguage]])}`];
  for (const apiPage of apiPages(page)) {
    const common: [string, string][] = [
      ['page', String(apiPage)],
      ['language', movieLanguage],
    ];
    if (q) urls.push(`${api}/tmdb/search?${query([...common, ['query', q]])}`);
    else if (genres.length > 0) urls.push(`${api}/tmdb/discover?${query([...common, ['with_genres', genres.join(',')]])}`);
    else urls.push(`${api}/tmdb/popular?${query(common)}`);
  }
  return urls;
}
