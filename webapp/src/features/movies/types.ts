// The movie shapes of API.md (Movies), from the generated schema. The spec marks a missing
// poster, runtime, amount or trailer as an absent field; the webapp works with `null`
// (see `toMovie` and `toListItem`), so the shapes passed to other features stay stable.
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type Genre = Schemas['Genre'];

/** A movie in a list (search, discover, popular). `posterPath` is a full URL (list size) or null. */
export type MovieListItem = Omit<Schemas['MovieListItem'], 'posterPath'> & { posterPath: string | null };

/** One TMDB page of 20 movies. `totalPages` never exceeds 500. */
export type MoviePage = { results: MovieListItem[]; page: number; totalPages: number; totalResults: number };

export type CastMember = Omit<Schemas['CastMember'], 'profilePath'> & { profilePath: string | null };
export type CrewMember = Omit<Schemas['CrewMember'], 'profilePath'> & { profilePath: string | null };

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
  return {
    results: body.results.map(toListItem),
    page: body.page,
    totalPages: body.totalPages,
    totalResults: body.totalResults,
  };
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
