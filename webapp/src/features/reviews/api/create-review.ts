import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REVIEW_ERRORS, refreshAfterReviewChange, type Review } from '@/components/review/api/reviews-api';
import { ApiError, api } from '@/lib/api-client';

export type NewReview = { movieId: number; rating: number; content: string };

/** POST /reviews `{movieId, rating, content}` → 201 the review; 409 `already_reviewed`. */
export async function createReview(review: NewReview): Promise<Review> {
  const { data, error, response } = await api.POST('/reviews', { body: review });
  if (!data) throw new ApiError(response.status, error, REVIEW_ERRORS.create);
  return data.data.review;
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: () => refreshAfterReviewChange(queryClient),
  });
}
