import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { REVIEW_ERRORS, reviewKeys } from '@/components/review/api/reviews-api';
import { ApiError, api } from '@/lib/api-client';

export type UserActivityPage = components['schemas']['ActivityData'];
export type ActivityEntry = components['schemas']['ActivityItem'];

/** Entries per page on the Activity tab. */
export const USER_ACTIVITY_PAGE = 10;

/**
 * GET /reviews/user/{id}/activity → a page of what the user did, newest first: the reviews
 * they wrote and their likes and dislikes of others' reviews.
 */
export async function getUserActivity(userId: number, limit: number, offset = 0): Promise<UserActivityPage> {
  const { data, error, response } = await api.GET('/reviews/user/{user_id}/activity', {
    params: { path: { user_id: userId }, query: { limit, offset } },
  });
  if (!data) throw new ApiError(response.status, error, REVIEW_ERRORS.fetch);
  return data.data;
}

export function userActivityOptions(userId: number) {
  return infiniteQueryOptions({
    queryKey: [...reviewKeys.user(userId), 'activity', USER_ACTIVITY_PAGE],
    queryFn: ({ pageParam }) => getUserActivity(userId, USER_ACTIVITY_PAGE, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.pagination.hasMore ? last.pagination.offset + Math.max(last.activity.length, 1) : undefined,
  });
}

export function useUserActivity(userId: number) {
  return useInfiniteQuery(userActivityOptions(userId));
}
