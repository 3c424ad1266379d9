import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import type { SessionUser } from '@/lib/auth-storage';

export type ProfileUser = SessionUser;

const LOAD_ERROR = 'Error loading profile';

/** GET /users/{id} → the public profile with review statistics; 404 "Profile not found.". */
export async function getProfile(userId: number): Promise<ProfileUser> {
  const { data, error, response } = await api.GET('/users/{id}', { params: { path: { id: userId } } });
  if (!data) throw new ApiError(response.status, error, LOAD_ERROR);
  return data.user;
}

/** GET /users/profile → the signed-in user (for a session stored without its user). */
export async function getOwnProfile(): Promise<ProfileUser> {
  const { data, error, response } = await api.GET('/users/profile');
  if (!data) throw new ApiError(response.status, error, LOAD_ERROR);
  return data.user;
}

/** Shares its key with the other `/users/{id}` readers, so one answer serves them all. */
export function profileQueryOptions(userId: number) {
  return queryOptions({
    queryKey: ['users', String(userId)],
    queryFn: () => getProfile(userId),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}

export function useProfile(userId: number | null) {
  return useQuery({ ...profileQueryOptions(userId ?? 0), enabled: userId !== null });
}

export function useOwnProfile(enabled: boolean) {
  return useQuery({ queryKey: ['users', 'profile'], queryFn: getOwnProfile, enabled, retry: false });
}
