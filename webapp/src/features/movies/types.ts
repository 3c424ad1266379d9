// Movie shapes of API.md (Movies). Written by hand until openapi.yaml declares the /tmdb
// paths; then they become aliases of the generated schema types.

export type Genre = { id: number; name: string };

/** A movie in a list (search, discover, popular). */
export type MovieListItem = {
  id: number;
  title: string;
  originalTitle: string;
  /** `YYYY-MM-DD`, or `""` when unknown. */
  releaseDate: string;
  overview: string;
  /** Full poster URL (list size), or null. */
  posterPath: string | null;
  voteAverage: number;
  genre_ids: number[];
};

/** One TMDB page of 20 movies. `totalPages` never exceeds 500. */
export type MoviePage = {
  results: MovieListItem[];
  page: number;
  totalPages: number;
  totalResults: number;
};

export type CastMember = { id: number; name: string; character: string; profilePath: string | null };
export type CrewMember = { id: number; name: string; job: string; profilePath: string | null };

/** GET /tmdb/{id}. */
export type Movie = {
  id: number;
  title: string;
  originalTitle: string;
  tagline: string;
  overview: string;
  releaseDate: string;
  /** Minutes, or null when unknown. */
  runtime: number | null;
  genres: Genre[];
  /** Full poster URL (w500), or null. */
  posterPath: string | null;
  backdropPath: string | null;
  voteAverage: number;
  /** US dollars; null or 0 when unknown. */
  budget: number | null;
  revenue: number | null;
  trailer: { name: string; url: string } | null;
  cast: CastMember[];
  keyCrew: CrewMember[];
};
