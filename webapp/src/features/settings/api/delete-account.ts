import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

/**
 * DELETE /users/profile `{currentPassword}` → 204. The caller ends the session, after it
 * has navigated away (a page that needs the session would otherwise unmount first).
 */
export async function deleteAccount(currentPassword: string) {
  const { error, response } = await api.DELETE('/users/profile', { body: { currentPassword } });
  if (!response.ok) throw new ApiError(response.status, error, 'Failed to delete account');
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
