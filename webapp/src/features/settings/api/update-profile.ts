import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { saveSession } from '@/lib/auth-storage';
import { profileQueryKey } from './get-profile';

export type ProfileChanges = { username?: string; email?: string; newPassword?: string; user_bio?: string };
export type UpdateProfileInput = ProfileChanges & { currentPassword: string };

/**
 * PUT /users/profile → `{user, token?}`. A new password ends the old sessions, so the
 * server answers with a new token then; we keep whatever it returns.
 */
export async function updateProfile(input: UpdateProfileInput) {
  const { data, error, response } = await api.PUT('/users/profile', { body: input });
  if (!data) throw new ApiError(response.status, error, 'Update failed.');
  const token = data.token ?? null;
  saveSession(token, data.user);
  return { user: data.user, token };
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => queryClient.setQueryData(profileQueryKey, user),
  });
}
