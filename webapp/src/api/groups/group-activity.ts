import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { ApiError, api } from '@/lib/api-client';
import { pageOffset } from './paging';
import { groupKeys } from './group-keys';

/** Group activity: reviews a page (PRODUCT-SPEC §9). */
export const ACTIVITY_PAGE_SIZE = 5;

export type GroupReview = components['schemas']['Review'];
/** The shape every review list keeps, so components/review can patch an edited or deleted review in place. */
export type ActivityPage = { reviews: GroupReview[]; total: number };

/** GET /reviews/group/{group_id}: the members' reviews, newest first, 5 a page (members only). */
export async function getGroupActivity(groupId: number, page: number): Promise<ActivityPage> {
  const { data, error, response } = await api.GET('/reviews/group/{group_id}', {
    params: { path: { group_id: groupId }, query: { limit: ACTIVITY_PAGE_SIZE, offset: pageOffset(page, ACTIVITY_PAGE_SIZE) } },
  });
  if (!data) throw new ApiError(response.status, error, 'Failed to fetch reviews');
  return { reviews: data.data.reviews, total: data.data.pagination.total };
}

export function groupActivityQuery(groupId: number, page: number) {
  return { queryKey: groupKeys.activityPage(groupId, page), queryFn: () => getGroupActivity(groupId, page) };
}

export function useGroupActivity(groupId: number, page: number) {
  return useQuery({ ...groupActivityQuery(groupId, page), placeholderData: keepPreviousData });
}
