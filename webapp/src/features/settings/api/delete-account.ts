import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { clearSession } from '@/lib/auth-storage';

/** DELETE /users/profile `{currentPassword}` → 204; the session is cleared on success. */
export async function deleteAccount(currentPassword: string) {
  const { error, response } = await api.DELETE('/users/profile', { body: { currentPassword } });
  if (!response.ok) throw new ApiError(response.status, error, 'Failed to delete account');
  clearSession();
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => queryClient.clear(),
  });
}
