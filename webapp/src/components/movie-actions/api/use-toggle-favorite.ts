import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NO_STATUS, type FavoriteStatus } from '../status-batcher';
import { favoriteKeys } from './favorite-keys';
import { addFavorite, removeFavorite, WATCHLIST, type FavoriteType, type MovieRef } from './favorites-api';

export type ToggleInput = {
  movie: MovieRef;
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
    mutationFn: ({ movie, type: listType, add }: ToggleInput) =>
      add ? addFavorite(movie, listType) : removeFavorite(movie.id, listType),
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
