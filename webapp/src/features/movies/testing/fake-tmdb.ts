import type { Genre, Movie, MovieListItem } from '@/api/movies';
import type { components } from '@/api/schema';
import { reply } from '@/testing/api-reply';

type Schemas = components['schemas'];

// A missing poster, runtime or amount is null on the wire (openapi.yaml: nullable, always
// present). The fake answers as the API does, checked against the generated types.
const orNull = <T,>(value: T | null | undefined): T | null => value ?? null;

function wireListItem({ posterPath, ...movie }: MovieListItem): Schemas['MovieListItem'] {
  return { ...movie, posterPath: orNull(posterPath) };
}

function wireMovie(movie: Movie): Schemas['Movie'] {
  return {
    ...movie,
    success: true,
    runtime: orNull(movie.runtime),
    posterPath: orNull(movie.posterPath),
    backdropPath: orNull(movie.backdropPath),
    budget: orNull(movie.budget),
    revenue: orNull(movie.revenue),
    trailer: orNull(movie.trailer),
    cast: movie.cast.map((person) => ({ ...person, profilePath: orNull(person.profilePath) })),
    keyCrew: movie.keyCrew.map((person) => ({ ...person, profilePath: orNull(person.profilePath) })),
  };
}

export const GENRES: Genre[] = [
  { id: 28, name: 'Action' },
  { id: 12, name: 'Adventure' },
  { id: 18, name: 'Drama' },
  { id: 35, name: 'Comedy' },
];

/** `count` movies with ids 1..count; every third is Action, every second Adventure. */
export function makeMovies(count: number, prefix = 'Movie'): MovieListItem[] {
  return Array.from({ length: count }, (_, index) => {
    const id = index + 1;
    const genre_ids = [18];
    if (id % 3 === 0) genre_ids.push(28);
    if (id % 2 === 0) genre_ids.push(12);
    return {
      id,
      title: `${prefix} ${id}`,
      originalTitle: `${prefix} ${id}`,
      releaseDate: `${1990 + (id % 30)}-05-01`,
      overview: '',
      posterPath: id % 5 === 0 ? null : `https://image.tmdb.org/t/p/w342/${id}.jpg`,
      voteAverage: 7.25,
      genre_ids,
    };
  });
}

export const theMatrix: Movie = {
  id: 603,
  title: 'The Matrix',
  originalTitle: 'The Matrix',
  tagline: 'Welcome to the Real World.',
  overview: 'Set in the 22nd century, The Matrix tells the story of a computer hacker.',
  releaseDate: '1999-03-31',
  runtime: 136,
  genres: [
    { id: 28, name: 'Action' },
    { id: 878, name: 'Science Fiction' },
  ],
  posterPath: 'https://image.tmdb.org/t/p/w500/matrix.jpg',
  backdropPath: null,
  voteAverage: 8.216,
  budget: 63000000,
  revenue: 463517383,
  trailer: { name: 'Official Trailer', url: 'https://www.youtube.com/watch?v=vKQi3bBA1y8' },
  cast: [
    { id: 6384, name: 'Keanu Reeves', character: 'Thomas A. Anderson / Neo', profilePath: 'https://image.tmdb.org/t/p/w185/keanu.jpg' },
    { id: 2975, name: 'Laurence Fishburne', character: 'Morpheus', profilePath: null },
  ],
  keyCrew: [{ id: 9340, name: 'Lana Wachowski', job: 'Director, Writer', profilePath: null }],
};

/** What the fake catalog answers for `language=fi-FI` (titles and genre names TMDB has in Finnish). */
const FINNISH_GENRES: Record<number, string> = { 28: 'Toiminta', 12: 'Seikkailu', 18: 'Draama', 35: 'Komedia', 878: 'Tieteiselokuva' };
const FINNISH_TITLES: Record<number, string> = { 603: 'Matrix' };

function inFinnish<T extends { id: number; title?: string }>(item: T): T {
  return { ...item, title: FINNISH_TITLES[item.id] ?? item.title };
}

const finnishGenre = (genre: Genre): Genre => ({ ...genre, name: FINNISH_GENRES[genre.id] ?? genre.name });

export type Call = { path: string; params: URLSearchParams };
type Reply = { status: number; body?: unknown };

/**
 * Replaces fetch with a small TMDB-shaped server over `movies` (pages of 20): search by
 * title, discover by genres (all must match), popular, genres and details.
 */
export function fakeTmdb({
  movies = makeMovies(50),
  details = [theMatrix],
  override,
}: { movies?: MovieListItem[]; details?: Movie[]; override?: (call: Call) => Reply | undefined } = {}) {
  const calls: Call[] = [];
  const page = (path: '/tmdb/popular' | '/tmdb/search' | '/tmdb/discover', list: MovieListItem[], params: URLSearchParams): Reply => {
    const number = Number(params.get('page') ?? '1');
    return reply(path, 'get', 200, {
      success: true,
      results: list
        .slice((number - 1) * 20, number * 20)
        .map((movie) => wireListItem(params.get('language') === 'fi-FI' ? inFinnish(movie) : movie)),
      page: number,
      totalPages: Math.min(500, Math.ceil(list.length / 20)),
      totalResults: list.length,
    });
  };
  const handle = (call: Call): Reply => {
    const overridden = override?.(call);
    if (overridden) return overridden;
    const { path, params } = call;
    const finnish = params.get('language') === 'fi-FI';
    if (path === '/tmdb/genres') return reply('/tmdb/genres', 'get', 200, { success: true, genres: finnish ? GENRES.map(finnishGenre) : GENRES });
    if (path === '/tmdb/popular') return page(path, movies, params);
    if (path === '/tmdb/search') {
      const query = (params.get('query') ?? '').toLowerCase();
      return page(path, movies.filter((movie) => movie.title.toLowerCase().includes(query)), params);
    }
    if (path === '/tmdb/discover') {
      const wanted = (params.get('with_genres') ?? '').split(',').filter(Boolean).map(Number);
      return page(path, movies.filter((movie) => wanted.every((id) => movie.genre_ids.includes(id))), params);
    }
    const detail = /^\/tmdb\/(\d+)$/.exec(path);
    const movie = detail && details.find((candidate) => candidate.id === Number(detail[1]));
    if (movie && finnish) return reply('/tmdb/{id}', 'get', 200, wireMovie({ ...inFinnish(movie), genres: movie.genres.map(finnishGenre) }));
    if (movie) return reply('/tmdb/{id}', 'get', 200, wireMovie(movie));
    return { status: 404, body: { success: false, code: 'movie_not_found', message: 'Movie not found' } };
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const call = { path: url.pathname.replace(/^\/api(\/v1)?/, ''), params: url.searchParams };
      calls.push(call);
      const answer = handle(call);
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}
