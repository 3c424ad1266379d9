// Movies (API.md, Movies): every /tmdb call, its query keys and the shapes the webapp keeps.
// Titles, overviews and genre names come in the reader's language (`?language=`), and the
// language is part of every key, so switching the UI's language fetches the other one.
import { infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query';
import { useIntl } from '@/lib/i18n';
import type { components } from '@/api/schema';
import { ApiError, api } from '@/lib/api-client';

type Schemas = components['schemas'];

/** The catalog languages the server takes (openapi.yaml, `language` of every /tmdb call). */
export type MovieLanguage = 'fi-FI' | 'en-US';

/** Finnish UI → Finnish movie data; English UI (formatted en-GB) → TMDB's `en-US`. */
export function movieLanguageFor(locale: string): MovieLanguage {
  return /^fi\b/i.test(locale) ? 'fi-FI' : 'en-US';
}

/** The movie-data language of the texts shown (the I18nProvider's language, fixed or chosen). */
export function useMovieLanguage(): MovieLanguage {
  return movieLanguageFor(useIntl().locale);
}

export type Genre = Schemas['Genre'];

/** A movie in a list (search, discover, popular). `posterPath` is a full URL (list size) or null. */
export type MovieListItem = Omit<Schemas['MovieListItem'], 'posterPath'> & { posterPath: string | null };

/** One TMDB page of 20 movies. `totalPages` never exceeds 500. */
export type MoviePage = { results: MovieListItem[]; page: number; totalPages: number; totalResults: number };

export type CastMember = Omit<Schemas['CastMember'], 'profilePath'> & { profilePath: string | null };
export type CrewMember = Omit<Schemas['CrewMember'], 'profilePath'> & { profilePath: string | null };

// The spec marks a missing poster, runtime, amount or trailer as an absent field; the webapp
// works with `null` (toMovie, toListItem), so the shapes passed around stay stable.
/** GET /tmdb/{id}: the movie with cast, key crew and trailer. */
export type Movie = Omit<
  Schemas['Movie'],
  'success' | 'runtime' | 'posterPath' | 'backdropPath' | 'budget' | 'revenue' | 'trailer' | 'cast' | 'keyCrew'
> & {
  /** Minutes, or null when unknown. */
  runtime: number | null;
  /** Full poster URL (w500), or null. */
  posterPath: string | null;
  backdropPath: string | null;
  /** US dollars; null (or 0) when unknown. */
  budget: number | null;
  revenue: number | null;
  trailer: Schemas['Trailer'] | null;
  cast: CastMember[];
  keyCrew: CrewMember[];
};

export function toListItem(item: Schemas['MovieListItem']): MovieListItem {
  return { ...item, posterPath: item.posterPath ?? null };
}

export function toMoviePage(body: Schemas['MoviePageBody']): MoviePage {
  return { results: body.results.map(toListItem), page: body.page, totalPages: body.totalPages, totalResults: body.totalResults };
}

export function toMovie({ success, ...movie }: Schemas['Movie']): Movie {
  void success; // the envelope flag, not part of the movie
  return {
    ...movie,
    runtime: movie.runtime ?? null,
    posterPath: movie.posterPath ?? null,
    backdropPath: movie.backdropPath ?? null,
    budget: movie.budget ?? null,
    revenue: movie.revenue ?? null,
    trailer: movie.trailer ?? null,
    cast: movie.cast.map((person) => ({ ...person, profilePath: person.profilePath ?? null })),
    keyCrew: movie.keyCrew.map((person) => ({ ...person, profilePath: person.profilePath ?? null })),
  };
}

/** Where a list comes from: a title search, genres (all must match), or popular movies. */
export type MovieSource = { kind: 'search'; q: string } | { kind: 'discover'; genres: number[] } | { kind: 'popular' };

export function sourceFor(q: string, genres: number[]): MovieSource {
  if (q) return { kind: 'search', q };
  if (genres.length > 0) return { kind: 'discover', genres };
  return { kind: 'popular' };
}

const sourceKey = (source: MovieSource) =>
  source.kind === 'search' ? source.q : source.kind === 'discover' ? source.genres.join(',') : '';

/** Every movie query's key ends with its language. */
export const movieKeys = {
  all: ['tmdb'] as const,
  genres: (language: MovieLanguage) => ['tmdb', 'genres', language] as const,
  page: (source: MovieSource, page: number, language: MovieLanguage) =>
    ['tmdb', source.kind, sourceKey(source), page, language] as const,
  movie: (id: number, language: MovieLanguage) => ['tmdb', 'movie', id, language] as const,
  /** The homepage's growing list: under `home`, the keys features/home keeps in the tab for 30 minutes. */
  popularPages: (language: MovieLanguage) => ['home', 'popular-movies', language] as const,
};

/** A missing movie stays missing; other failures get one more try. */
const retryServerErrors = (count: number, error: Error) => !(error instanceof ApiError && error.status < 500) && count < 1;

/** GET /tmdb/genres → every movie genre (cached server-side for 7 days). */
export async function getGenres(language: MovieLanguage): Promise<Genre[]> {
  const { data, error, response } = await api.GET('/tmdb/genres', { params: { query: { language } } });
  if (!data) throw new ApiError(response.status, error, 'Failed to load genres');
  return data.genres;
}

export function genresQueryOptions(language: MovieLanguage) {
  return queryOptions({ queryKey: movieKeys.genres(language), queryFn: () => getGenres(language), staleTime: 60 * 60_000 });
}

/** The genres, named in the reader's language (Browse's chips, groups' tags). */
export function useGenres() {
  const language = useMovieLanguage();
  return useQuery(genresQueryOptions(language));
}

/** One API page (20 movies): GET /tmdb/search, /tmdb/discover or /tmdb/popular. */
export async function getMoviePage(source: MovieSource, page: number, language: MovieLanguage): Promise<MoviePage> {
  const query = { page: String(page), language };
  const { data, error, response } =
    source.kind === 'search'
      ? await api.GET('/tmdb/search', { params: { query: { ...query, query: source.q } } })
      : source.kind === 'discover'
        ? await api.GET('/tmdb/discover', { params: { query: { ...query, with_genres: source.genres.join(',') } } })
        : await api.GET('/tmdb/popular', { params: { query } });
  if (!data) throw new ApiError(response.status, error, 'Search failed');
  return toMoviePage(data);
}

export function moviePageQueryOptions(source: MovieSource, page: number, language: MovieLanguage) {
  return queryOptions({
    queryKey: movieKeys.page(source, page, language),
    queryFn: () => getMoviePage(source, page, language),
    staleTime: 5 * 60_000,
  });
}

/** GET /tmdb/{id} → the movie with cast, key crew and trailer; 404 "Movie not found". */
export async function getMovie(id: number, language: MovieLanguage): Promise<Movie> {
  const { data, error, response } = await api.GET('/tmdb/{id}', { params: { path: { id: String(id) }, query: { language } } });
  if (!data) throw new ApiError(response.status, error, 'Failed to load movie');
  return toMovie(data);
}

export function movieQueryOptions(id: number, language: MovieLanguage) {
  return queryOptions({
    queryKey: movieKeys.movie(id, language),
    queryFn: () => getMovie(id, language),
    staleTime: 10 * 60_000,
    retry: retryServerErrors,
  });
}

export function useMovie(id: number | null) {
  const language = useMovieLanguage();
  return useQuery({ ...movieQueryOptions(id ?? 0, language), enabled: id !== null });
}

/** GET /tmdb/popular a page (20) at a time, for a list that grows ("load more") up to `maxPages` pages. */
export function popularMoviesInfiniteOptions(language: MovieLanguage, maxPages: number) {
  return infiniteQueryOptions({
    queryKey: movieKeys.popularPages(language),
    queryFn: ({ pageParam }) => getMoviePage({ kind: 'popular' }, pageParam, language),
    initialPageParam: 1,
    getNextPageParam: (last: MoviePage) => (last.page < Math.min(last.totalPages, maxPages) ? last.page + 1 : undefined),
  });
}
