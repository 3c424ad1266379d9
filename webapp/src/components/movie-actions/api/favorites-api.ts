import type { components } from '@/api/schema';
import { ApiError, api } from '@/lib/api-client';
import type { FavoriteStatus } from '../status-batcher';

// The Favorites calls of API.md through the shared typed client (bearer token, 401 handling).

/** PRODUCT-SPEC §3: 1 watchlist, 2 personal favorite (3 group favorite is not used here). */
export const WATCHLIST = 1;
export const FAVORITE = 2;
export type FavoriteType = typeof WATCHLIST | typeof FAVORITE;

/** A favorite or watchlist entry (API.md, Objects). */
export type Favorite = components['schemas']['Favorite'];

export type Pagination = components['schemas']['FavoritePagination'];

/** What the action bar knows about a movie, sent along so the server need not look it up. */
export type MovieRef = {
  id: number;
  title: string;
  year?: number | string | null;
  posterPath?: string | null;
};

/** GET /favorites/status/{ids}: `{data: [{tmdb_id, is_favorite, is_watchlist}]}` (ids distinct, ≤ 100). */
export async function getFavoriteStatuses(ids: number[]): Promise<Map<number, FavoriteStatus>> {
  const { data, error, response } = await api.GET('/favorites/status/{ids}', {
    params: { path: { ids: ids.map((id) => Math.trunc(id)).join(',') } },
    // Literal commas (the default would send %2C); the ids are plain integers.
    pathSerializer: (pathname, params) => pathname.replace('{ids}', String(params.ids)),
  });
  if (!data) throw new ApiError(response.status, error, 'Failed to load favorite status');
  return new Map(data.data.map(({ tmdb_id, is_favorite, is_watchlist }) => [tmdb_id, { is_favorite, is_watchlist }]));
}

function releaseYear(year: MovieRef['year']): number | undefined {
  const value = typeof year === 'string' ? Number.parseInt(year.slice(0, 4), 10) : year;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** POST /favorites `{movie_id, type, original_title, release_year, poster_path}` → 201 (or 200 if already there). */
export async function addFavorite(movie: MovieRef, type: FavoriteType): Promise<void> {
  const body = {
    movie_id: movie.id,
    type,
    original_title: movie.title || undefined,
    release_year: releaseYear(movie.year),
    poster_path: movie.posterPath || undefined,
  };
  const { error, response } = await api.POST('/favorites', { body });
  if (!response.ok) throw new ApiError(response.status, error, type === WATCHLIST ? 'Failed to update watchlist' : 'Failed to update favorites');
}

/** DELETE /favorites/{movieId}/{type} → 204; a 404 (already gone) is the wanted outcome too. */
export async function removeFavorite(movieId: number, type: FavoriteType): Promise<void> {
  const { error, response } = await api.DELETE('/favorites/{movieId}/{type}', {
    params: { path: { movieId, type } },
  });
  if (!response.ok && response.status !== 404) {
    throw new ApiError(response.status, error, type === WATCHLIST ? 'Failed to update watchlist' : 'Failed to update favorites');
  }
}

export type FavoriteList = { items: Favorite[]; pagination: Pagination | null };

/** GET /favorites/user/{userId}/{type} `limit, offset` → `{data: [favorite], pagination}`. */
export async function getUserFavorites(userId: number | string, type: FavoriteType, limit: number, offset = 0): Promise<FavoriteList> {
  const { data, error, response } = await api.GET('/favorites/user/{userId}/{type}', {
    params: { path: { userId: Number(userId), type }, query: { limit, offset } },
  });
  const fallback = type === WATCHLIST ? 'Error loading watchlist.' : 'Error loading favorites.';
  if (!data) throw new ApiError(response.status, error, fallback);
  return { items: data.data, pagination: data.pagination };
}
