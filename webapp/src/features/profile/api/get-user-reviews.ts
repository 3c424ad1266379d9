import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { REVIEW_ERRORS, reviewKeys } from '@/components/review/api/reviews-api';
import { ApiError, api } from '@/lib/api-client';

export type UserReviewsPage = components['schemas']['ReviewPageData'];

/** Reviews per page on the Reviews and Activity tabs. */
export const USER_REVIEWS_PAGE = 10;
/** The Profile tab's newest reviews (PRODUCT-SPEC §9). */
export const NEWEST_REVIEWS = 2;

/** GET /reviews/user/{id} → a page of the user's reviews, newest first, with movie title and poster. */
export async function getUserReviews(userId: number, limit: number, offset = 0): Promise<UserReviewsPage> {
  const { data, error, response } = await api.GET('/reviews/user/{user_id}', {
    params: { path: { user_id: userId }, query: { limit, offset } },
  });
  if (!data) throw new ApiError(response.status, error, REVIEW_ERRORS.fetch);
  return data.data;
}

export function newestReviewsOptions(userId: number) {
  return queryOptions({
    queryKey: [...reviewKeys.user(userId), 'newest', NEWEST_REVIEWS],
    queryFn: () => getUserReviews(userId, NEWEST_REVIEWS),
  });
}

export function userReviewsOptions(userId: number) {
  return infiniteQueryOptions({
    queryKey: [...reviewKeys.user(userId), 'pages', USER_REVIEWS_PAGE],
    queryFn: ({ pageParam }) => getUserReviews(userId, USER_REVIEWS_PAGE, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.pagination.hasMore ? last.pagination.offset + Math.max(last.reviews.length, 1) : undefined,
  });
}

export function useNewestReviews(userId: number) {
  return useQuery(newestReviewsOptions(userId));
}

export function useUserReviews(userId: number) {
  return useInfiniteQuery(userReviewsOptions(userId));
}
