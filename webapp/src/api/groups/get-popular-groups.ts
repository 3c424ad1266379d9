import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { groupKeys } from './group-keys';
import type { Group } from './types';

/** The homepage shows the 20 most popular groups (PRODUCT-SPEC §9), cached 30 minutes like its other carousels. */
export const POPULAR_LIMIT = 20;
const HOME_STALE_TIME = 30 * 60_000;

export function usePopularGroups() {
  return useQuery({
    queryKey: groupKeys.popular(POPULAR_LIMIT),
    queryFn: async (): Promise<Group[]> => {
      const { data, error, response } = await api.GET('/groups/popular', { params: { query: { limit: POPULAR_LIMIT } } });
      if (!data) throw new ApiError(response.status, error, 'Failed to load groups');
      return data.data;
    },
    staleTime: HOME_STALE_TIME,
  });
}
