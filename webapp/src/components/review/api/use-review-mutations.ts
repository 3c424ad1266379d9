import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deleteReview,
  patchCachedReview,
  reactToReview,
  refreshAfterReviewChange,
  updateReview,
  type ReactionType,
  type Review,
} from './reviews-api';

/** Like, dislike or clear; every cached copy of the review takes the server's fresh counts. */
export function useReactToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, type }: { id: number; type: ReactionType | null }) => reactToReview(id, type),
    onSuccess: (review) => {
      patchCachedReview(queryClient, review.id, () => review);
      // The author's likes and aura changed.
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

/** Edit in place: only the changed fields go out. */
export function useUpdateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: { rating?: number; content?: string } }) => updateReview(id, changes),
    onSuccess: (review: Review) => {
      patchCachedReview(queryClient, review.id, () => review);
      refreshAfterReviewChange(queryClient);
    },
  });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteReview(id),
    onSuccess: (_nothing, id) => {
      patchCachedReview(queryClient, id, () => null);
      refreshAfterReviewChange(queryClient);
    },
  });
}
