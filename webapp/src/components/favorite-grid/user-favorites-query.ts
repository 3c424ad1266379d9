import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { favoriteKeys } from '@/components/movie-actions/api/favorite-keys';
import { getUserFavorites, type FavoriteType } from '@/components/movie-actions/api/favorites-api';

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
    getNextPageParam: (last) =>
      last.pagination?.hasMore ? last.pagination.offset + Math.max(last.items.length, 1) : undefined,
  });
}
