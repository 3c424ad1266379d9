import { useQuery } from '@tanstack/react-query';
import { REVIEW_ERRORS, reviewKeys, type Review } from '@/components/review/api/reviews-api';
import { ApiError, api } from '@/lib/api-client';

/** GET /reviews/{id}: the review a `#review-{id}` link points at, when it is not on a loaded page. */
export async function getReview(id: number): Promise<Review> {
  const { data, error, response } = await api.GET('/reviews/{id}', { params: { path: { id } } });
  if (!data) throw new ApiError(response.status, error, REVIEW_ERRORS.fetch);
  return data.data.review;
}

export function useReview(id: number | null) {
  return useQuery({
    queryKey: reviewKeys.one(id ?? 0),
    queryFn: () => getReview(id ?? 0),
    enabled: id !== null,
    retry: false,
  });
}
