import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import type { SessionUser } from '@/lib/auth-storage';

type Reply = { data?: unknown; error?: unknown; response: Response };
type UntypedGet = (path: string, init: { params: { path: Record<string, string | number> } }) => Promise<Reply>;

/**
 * GET /users/{id} → `{user}` (public fields). openapi.yaml does not declare this path yet,
 * so the call goes through the shared client untyped until it does.
 */
export async function getUser(userId: string): Promise<SessionUser> {
  const get = (api.GET as unknown as UntypedGet).bind(api);
  const { data, error, response } = await get('/users/{id}', { params: { path: { id: userId } } });
  const user = data && typeof data === 'object' ? (data as { user?: SessionUser }).user : undefined;
  if (!response.ok || !user) throw new ApiError(response.status, error, 'Error loading profile');
  return user;
}

export function userQueryOptions(userId: string) {
  return queryOptions({ queryKey: ['users', userId], queryFn: () => getUser(userId) });
}

export function useUser(userId: string) {
  return useQuery({ ...userQueryOptions(userId), retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1 });
}
