// Favorites (API.md, Favorites): the viewer's heart/bookmark statuses (batched), adding and
// removing, and anyone's lists, with the query keys a toggle refreshes. Group favorites are
// in ./groups.
import { infiniteQueryOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { ApiError, api } from '@/lib/api-client';
import { useSession } from '@/lib/auth-storage';
import { NO_STATUS, StatusBatcher, type FavoriteStatus } from './favorite-status-batcher';

export { NO_STATUS, type FavoriteStatus } from './favorite-status-batcher';

type Schemas = components['schemas'];

/** A favorite or watchlist entry (API.md, Objects). */
export type Favorite = Schemas['Favorite'];
export type Pagination = Schemas['FavoritePagination'];
/**
 * A user's own lists: 1 watchlist, 2 personal favorite (PRODUCT-SPEC §3). Group favorites
 * (3) are in api/groups; the spec's `anyOf` on POST /favorites tells the two apart.
 */
export type FavoriteType = typeof WATCHLIST | typeof FAVORITE;
/** What an add sends about the movie (the server's catalog wins; these stand in when it is unreachable). */
// The API also takes the id as a string of digits (for older clients); we always send a number.
export type FavoriteMovie = Pick<Schemas['AddFavoriteRequest'], 'original_title' | 'release_year' | 'poster_path'> & { movie_id: number };

export const WATCHLIST = 1;
export const FAVORITE = 2;

/**
 * Query keys of everything favorites-related, so a toggle can update or refresh them all.
 * `viewer` is the signed-in user's id: statuses of one account never show for another.
 */
export const favoriteKeys = {
  all: ['favorites'] as const,
  statuses: () => ['favorites', 'status'] as const,
  status: (viewer: string, movieId: number) => ['favorites', 'status', viewer, movieId] as const,
  lists: () => ['favorites', 'user'] as const,
  list: (userId: number | string, type: FavoriteType) => ['favorites', 'user', String(userId), type] as const,
};

const updateFailed = (type: FavoriteType) => (type === WATCHLIST ? 'Failed to update watchlist' : 'Failed to update favorites');

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

/** POST /favorites `{movie_id, type, original_title, release_year, poster_path}` → 201 (or 200 if already there). */
export async function addFavorite(movie: FavoriteMovie, type: FavoriteType): Promise<void> {
  const { error, response } = await api.POST('/favorites', { body: { ...movie, type } });
  if (!response.ok) throw new ApiError(response.status, error, updateFailed(type));
}

/** DELETE /favorites/{movieId}/{type} → 204; a 404 (already gone) is the wanted outcome too. */
export async function removeFavorite(movieId: number, type: FavoriteType): Promise<void> {
  const { error, response } = await api.DELETE('/favorites/{movieId}/{type}', { params: { path: { movieId, type } } });
  if (!response.ok && response.status !== 404) throw new ApiError(response.status, error, updateFailed(type));
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

/**
 * The newest `limit` entries of a user's favorites (type 2, public) or watchlist (type 1,
 * owner only): for previews such as the profile's (4, or 8 on its Favorites tab).
 */
export function userFavoritesQueryOptions(userId: number | string, type: FavoriteType, limit: number) {
  return queryOptions({
    queryKey: [...favoriteKeys.list(userId, type), { limit }],
    queryFn: () => getUserFavorites(userId, type, limit),
  });
}

/** Page size of the full lists (the watchlist and favorites pages), loaded page by page. */
export const FAVORITES_PAGE_SIZE = 48;

/** A whole list, `FAVORITES_PAGE_SIZE` at a time ("Show more"). */
export function userFavoritesInfiniteOptions(userId: number | string, type: FavoriteType) {
  return infiniteQueryOptions({
    queryKey: [...favoriteKeys.list(userId, type), 'all'],
    queryFn: ({ pageParam }) => getUserFavorites(userId, type, FAVORITES_PAGE_SIZE, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.pagination?.hasMore ? last.pagination.offset + Math.max(last.items.length, 1) : undefined),
  });
}

/** One batcher per query client: the app has one, every test gets a fresh one. */
const batchers = new WeakMap<QueryClient, StatusBatcher>();

export function statusBatcherFor(queryClient: QueryClient): StatusBatcher {
  let batcher = batchers.get(queryClient);
  if (!batcher) {
    batcher = new StatusBatcher({ fetchStatuses: getFavoriteStatuses });
    batchers.set(queryClient, batcher);
  }
  return batcher;
}

/** The key part naming whose statuses these are, or null for a visitor. */
export function useViewerKey(): string | null {
  const session = useSession();
  if (!session) return null;
  return session.user?.id !== undefined ? String(session.user.id) : 'me';
}

/**
 * Whether the signed-in `viewer` (useViewerKey) has `movieId` in favorites and watchlist.
 * Every bar on the page asks through the batcher, so a page of tiles costs one call; bars
 * showing the same movie share one cache entry. Until the answer comes, `known` fills in what
 * the page knows. A visitor's bar asks nothing (movie-actions.tsx).
 */
export function useFavoriteStatus(viewer: string, movieId: number, known?: Partial<FavoriteStatus>): FavoriteStatus {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: favoriteKeys.status(viewer, movieId),
    queryFn: ({ signal }) => statusBatcherFor(queryClient).load(movieId, signal),
    enabled: Number.isFinite(movieId),
    staleTime: 5 * 60_000,
  });
  return query.data ?? { ...NO_STATUS, ...known };
}

export type ToggleInput = {
  movie: FavoriteMovie;
  type: FavoriteType;
  add: boolean;
  /** What the bar showed when clicked: the base of the optimistic status while none is cached. */
  shown?: FavoriteStatus;
};

const field = (type: FavoriteType): keyof FavoriteStatus => (type === WATCHLIST ? 'is_watchlist' : 'is_favorite');

/** Identifies the toggle of one movie and list, so every bar showing it can see it in flight. */
export const toggleMutationKey = (movieId: number, type: FavoriteType) => ['favorites', 'toggle', movieId, type] as const;

/**
 * Adds or removes a movie from the watchlist or favorites. The status flips in the shared
 * cache at once (every bar showing the movie follows) and flips back if the server refuses;
 * afterwards the user's lists are refreshed.
 */
export function useToggleFavorite(viewer: string, movieId: number, type: FavoriteType) {
  const queryClient = useQueryClient();
  const key = favoriteKeys.status(viewer, movieId);
  return useMutation({
    mutationKey: toggleMutationKey(movieId, type),
    mutationFn: ({ movie, type: listType, add }: ToggleInput) => (add ? addFavorite(movie, listType) : removeFavorite(movie.movie_id, listType)),
    onMutate: async ({ add, shown }) => {
      // A status answer still on its way must not overwrite the user's click.
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<FavoriteStatus>(key);
      queryClient.setQueryData<FavoriteStatus>(key, { ...(previous ?? shown ?? NO_STATUS), [field(type)]: add });
      return { known: previous !== undefined };
    },
    onError: (_error, { add }) => {
      queryClient.setQueryData<FavoriteStatus>(key, (current) => ({ ...(current ?? NO_STATUS), [field(type)]: !add }));
    },
    onSuccess: (_data, _input, context) => {
      // The other flag was never loaded (the click came first): ask for it again.
      if (!context?.known) void queryClient.invalidateQueries({ queryKey: key });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoriteKeys.lists() }),
  });
}
