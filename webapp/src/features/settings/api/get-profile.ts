import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

export const profileQueryKey = ['users', 'profile'] as const;

/** GET /users/profile → the signed-in user, with email. */
export async function getProfile() {
  const { data, error, response } = await api.GET('/users/profile');
  if (!data) throw new ApiError(response.status, error, 'Error loading profile');
  return data.user;
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });
}

export function useProfile(enabled: boolean) {
  return useQuery({ ...profileQueryOptions(), enabled, retry: false });
}
