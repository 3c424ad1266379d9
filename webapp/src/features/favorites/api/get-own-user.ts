import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { useSession, type SessionUser } from '@/lib/auth-storage';

/** GET /users/profile → the signed-in user. */
async function getOwnUser(): Promise<SessionUser> {
  const { data, error, response } = await api.GET('/users/profile');
  if (!data) throw new ApiError(response.status, error, 'Error loading profile');
  return data.user;
}

/**
 * The signed-in user: the one stored at login, or (for a session stored without it) the
 * server's answer. Null for a visitor.
 */
export function useOwnUser(): { user: SessionUser | null; isLoading: boolean; isError: boolean } {
  const session = useSession();
  const stored = session?.user ?? null;
  const query = useQuery({
    queryKey: ['users', 'profile'],
    queryFn: getOwnUser,
    enabled: session !== null && stored === null,
    retry: false,
  });
  if (!session) return { user: null, isLoading: false, isError: false };
  if (stored) return { user: stored, isLoading: false, isError: false };
  return { user: query.data ?? null, isLoading: query.isPending, isError: query.isError };
}
