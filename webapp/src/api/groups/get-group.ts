import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { groupKeys } from './group-keys';
import type { Group } from './types';

/** GET /groups/{id} → the group, with the caller's role (and the members, for members). */
export async function getGroup(id: number): Promise<Group> {
  const { data, error, response } = await api.GET('/groups/{id}', { params: { path: { id } } });
  if (!data) throw new ApiError(response.status, error, 'Group not found');
  return data.group;
}

export function groupQueryOptions(id: number) {
  return queryOptions({
    queryKey: groupKeys.detail(id),
    queryFn: () => getGroup(id),
    // A missing group stays missing; only a server or network failure is worth a retry.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}

export function useGroup(id: number | null) {
  return useQuery({ ...groupQueryOptions(id ?? 0), enabled: id !== null });
}
