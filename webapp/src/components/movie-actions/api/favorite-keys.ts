import type { FavoriteType } from './favorites-api';

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
