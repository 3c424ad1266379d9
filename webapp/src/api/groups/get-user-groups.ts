import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { groupKeys } from './group-keys';
import type { Group } from './types';

/** GET /groups/user/{userId}/groups → the groups a user is in (private ones only to fellow members and the user). */
export async function getUserGroups(userId: number): Promise<Group[]> {
  const { data, error, response } = await api.GET('/groups/user/{userId}/groups', { params: { path: { userId } } });
  if (!data) throw new ApiError(response.status, error, 'Failed to load groups');
  return data.groups;
}

export function useUserGroups(userId: number | null, enabled = true) {
  return useQuery({
    queryKey: groupKeys.user(userId ?? 0),
    queryFn: () => getUserGroups(userId ?? 0),
    enabled: enabled && userId !== null,
  });
}
