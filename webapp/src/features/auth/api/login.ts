import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { saveSession } from '@/lib/auth-storage';

export type LoginInput = { email: string; password: string };

/** POST /users/login → `{token, user}`; the session is stored on success. */
export async function login(input: LoginInput) {
  const { data, error, response } = await api.POST('/users/login', { body: input });
  if (!data) throw new ApiError(response.status, error, 'Something went wrong');
  saveSession(data.token, data.user);
  return data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
