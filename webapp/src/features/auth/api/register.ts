import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

export type RegisterInput = { username: string; email: string; password: string };

/** POST /users/register → 201 `{user, token}`; 409 when the email or username is taken. */
export async function register(input: RegisterInput) {
  const { data, error, response } = await api.POST('/users/register', { body: input });
  if (!data) throw new ApiError(response.status, error, 'Registration failed. Please try again.');
  return data;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
