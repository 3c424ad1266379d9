import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import type { SessionUser } from '@/lib/auth-storage';

/** GET /users/{id} → `{user}` (public fields). A malformed id is a 400, an unknown one 404. */
export async function getUser(userId: string): Promise<SessionUser> {
  const id = Number(userId);
  if (!Number.isSafeInteger(id) || id <= 0) throw new ApiError(404, null, 'Profile not found.');
  const { data, error, response } = await api.GET('/users/{id}', { params: { path: { id } } });
  if (!data) throw new ApiError(response.status, error, 'Error loading profile');
  return data.user;
}

export function userQueryOptions(userId: string) {
  return queryOptions({ queryKey: ['users', userId], queryFn: () => getUser(userId) });
}

/** Someone's public profile; a 4xx is final (no retry). */
export function useUser(userId: string) {
  return useQuery({
    ...userQueryOptions(userId),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}
