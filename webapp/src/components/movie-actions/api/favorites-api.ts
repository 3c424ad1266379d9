import { ApiError, api } from '@/lib/api-client';
import type { FavoriteStatus } from '../status-batcher';

// The Favorites calls of API.md. openapi.yaml does not declare them yet, so they go through
// the shared client (bearer token, 401 handling) without generated types; once the spec has
// the /favorites paths these become typed `api` calls and the shapes below aliases.

/** PRODUCT-SPEC §3: 1 watchlist, 2 personal favorite (3 group favorite is not used here). */
export const WATCHLIST = 1;
export const FAVORITE = 2;
export type FavoriteType = typeof WATCHLIST | typeof FAVORITE;

/** A favorite or watchlist entry (API.md, Objects). */
export type Favorite = {
  id: number;
  tmdb_id: number;
  movie_id: number;
  type: number;
  group_id?: number | null;
  original_title: string | null;
  release_year: number | string | null;
  poster_path: string | null;
  poster_url?: string | null;
  imdb_rating?: number | string | null;
  created_at: string;
  added_by?: number | null;
};

export type Pagination = { total: number; limit: number; offset: number; hasMore: boolean };

/** What the action bar knows about a movie, sent along so the server need not look it up. */
export type MovieRef = {
  id: number;
  title: string;
  year?: number | string | null;
  posterPath?: string | null;
};

type Init = { body?: unknown; params?: { path?: Record<string, string | number>; query?: Record<string, string | number> } };
type Reply = { data?: unknown; error?: unknown; response: Response };
type UntypedClient = Record<'GET' | 'POST' | 'DELETE', (path: string, init?: Init) => Promise<Reply>>;
const client = api as unknown as UntypedClient;

/** The server's status items, also accepting the older `items` wrapper (PRODUCT-SPEC §7). */
function statusItems(body: unknown): unknown[] {
  if (!body || typeof body !== 'object') return [];
  const record = body as Record<string, unknown>;
  if (Array.isArray(record.data)) return record.data;
  if (Array.isArray(record.items)) return record.items;
  return [];
}

/** GET /favorites/status/{ids}: `{data: [{tmdb_id, is_favorite, is_watchlist}]}`. */
export async function getFavoriteStatuses(ids: number[]): Promise<Map<number, FavoriteStatus>> {
  // Literal commas (a path parameter would be sent as %2C); the ids are plain integers.
  const { data, error, response } = await client.GET(`/favorites/status/${ids.map((id) => Math.trunc(id)).join(',')}`);
  if (!response.ok) throw new ApiError(response.status, error, 'Failed to load favorite status');
  const statuses = new Map<number, FavoriteStatus>();
  for (const item of statusItems(data)) {
    if (!item || typeof item !== 'object') continue;
    const { tmdb_id, is_favorite, is_watchlist } = item as Record<string, unknown>;
    const id = Number(tmdb_id);
    if (Number.isFinite(id)) statuses.set(id, { is_favorite: is_favorite === true, is_watchlist: is_watchlist === true });
  }
  return statuses;
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
  const { error, response } = await client.POST('/favorites', { body });
  if (!response.ok) throw new ApiError(response.status, error, type === WATCHLIST ? 'Failed to update watchlist' : 'Failed to update favorites');
}

/** DELETE /favorites/{movieId}/{type} → 204; a 404 (already gone) is the wanted outcome too. */
export async function removeFavorite(movieId: number, type: FavoriteType): Promise<void> {
  const { error, response } = await client.DELETE('/favorites/{movieId}/{type}', {
    params: { path: { movieId, type } },
  });
  if (!response.ok && response.status !== 404) {
    throw new ApiError(response.status, error, type === WATCHLIST ? 'Failed to update watchlist' : 'Failed to update favorites');
  }
}

export type FavoriteList = { items: Favorite[]; pagination: Pagination | null };

/** GET /favorites/user/{userId}/{type} `limit, offset` → `{data: [favorite], pagination}`. */
export async function getUserFavorites(userId: number | string, type: FavoriteType, limit: number, offset = 0): Promise<FavoriteList> {
  const { data, error, response } = await client.GET('/favorites/user/{userId}/{type}', {
    params: { path: { userId, type }, query: { limit, offset } },
  });
  const fallback = type === WATCHLIST ? 'Error loading watchlist.' : 'Error loading favorites.';
  if (!response.ok || !data || typeof data !== 'object') throw new ApiError(response.status, error, fallback);
  const record = data as { data?: unknown; pagination?: Pagination };
  const items = Array.isArray(record.data) ? (record.data as Favorite[]) : [];
  return { items, pagination: record.pagination ?? null };
}
