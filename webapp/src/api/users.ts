// Users (API.md, Users): sign-up, login, the signed-in user's profile and anyone's public
// profile, with their query keys. Every reader of GET /users/profile and GET /users/{id}
// goes through here, so one answer serves every page that shows it.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { ApiError, api } from '@/lib/api-client';
import { getToken, saveSession, useSession } from '@/lib/auth-storage';
import { LANGUAGES, getLanguage, setLanguage, type Language } from '@/lib/i18n';

type Schemas = components['schemas'];

/** A user as the API shows them (public fields, statistics, aura; email for oneself). */
export type User = Schemas['User'];
export type RegisterInput = Schemas['RegisterRequest'];
export type LoginInput = Schemas['LoginRequest'];
export type UpdateProfileInput = Schemas['UpdateProfileRequest'];
/** What the settings page changes (the current password is asked for separately). */
export type ProfileChanges = Omit<UpdateProfileInput, 'currentPassword'>;

export const userKeys = {
  all: ['users'] as const,
  /** GET /users/profile: the signed-in user. */
  own: ['users', 'profile'] as const,
  one: (id: number | string) => ['users', String(id)] as const,
};

/** A 4xx (missing user, bad id) is final; a server failure gets one more try. */
const retryServerErrors = (count: number, error: Error) => !(error instanceof ApiError && error.status < 500) && count < 1;

/** POST /users/register → 201 `{user, token}`; 409 when the email or username is taken. */
export async function register(input: RegisterInput) {
  const { data, error, response } = await api.POST('/users/register', { body: input });
  if (!data) throw new ApiError(response.status, error, 'Registration failed. Please try again.');
  return data;
}

export function useRegister() {
  return useMutation({
    mutationFn: async (input: RegisterInput) => {
      const data = await register(input);
      // A new account takes the language it was made in, so other browsers open in it.
      void saveLanguage(getLanguage(), data.token);
      return data;
    },
  });
}

/** POST /users/login → `{token, user}`; the session is stored on success. */
export async function login(input: LoginInput) {
  const { data, error, response } = await api.POST('/users/login', { body: input });
  if (!data) throw new ApiError(response.status, error, 'Something went wrong');
  saveSession(data.token, data.user);
  adoptLanguage(data.user);
  return data;
}

/**
 * After logging in: the language remembered on the profile wins over this browser's; a
 * profile without one learns this browser's. (An answer without the field says nothing.)
 */
function adoptLanguage(user: User) {
  const remembered = LANGUAGES.find((language) => language === user.language);
  if (remembered) setLanguage(remembered);
  else if (user.language === null) void saveLanguage(getLanguage());
}

/**
 * PUT /users/profile `{language}`: remembers the reading language for the next login on any
 * browser. Best effort: the switch has already applied in this browser, so a failure is
 * not worth a word; with no session there is nothing to remember it on.
 */
export async function saveLanguage(language: Language, token: string | null = getToken()) {
  if (!token) return;
  try {
    await api.PUT('/users/profile', { body: { language }, headers: { Authorization: `Bearer ${token}` } });
  } catch {
    // offline: the next switch or login tries again
  }
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

/** GET /users/profile → the signed-in user, with email. */
export async function getOwnProfile(): Promise<User> {
  const { data, error, response } = await api.GET('/users/profile');
  if (!data) throw new ApiError(response.status, error, 'Error loading profile');
  return data.user;
}

export function ownProfileQueryOptions() {
  return queryOptions({ queryKey: userKeys.own, queryFn: getOwnProfile, retry: false });
}

export function useOwnProfile(enabled = true) {
  return useQuery({ ...ownProfileQueryOptions(), enabled });
}

/**
 * The signed-in user: the one stored at login, or (for a session stored without it) the
 * server's answer. Null for a visitor.
 */
export function useOwnUser(): { user: User | null; isLoading: boolean; isError: boolean } {
  const session = useSession();
  const stored = session?.user ?? null;
  const query = useOwnProfile(session !== null && stored === null);
  if (!session) return { user: null, isLoading: false, isError: false };
  if (stored) return { user: stored, isLoading: false, isError: false };
  return { user: query.data ?? null, isLoading: query.isPending, isError: query.isError };
}

/** GET /users/{id} → the public profile with review statistics. An id that is no user id is a 404 without a call. */
export async function getUser(userId: number | string): Promise<User> {
  const id = Number(userId);
  if (!Number.isSafeInteger(id) || id <= 0) throw new ApiError(404, null, 'Profile not found.');
  const { data, error, response } = await api.GET('/users/{id}', { params: { path: { id } } });
  if (!data) throw new ApiError(response.status, error, 'Error loading profile');
  return data.user;
}

export function userQueryOptions(userId: number | string) {
  return queryOptions({ queryKey: userKeys.one(userId), queryFn: () => getUser(userId), retry: retryServerErrors });
}

/** Someone's public profile (none asked for while `userId` is null). */
export function useUser(userId: number | string | null) {
  return useQuery({ ...userQueryOptions(userId ?? 0), enabled: userId !== null });
}

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
    onSuccess: ({ user }) => {
      queryClient.setQueryData(userKeys.own, user);
      queryClient.setQueryData(userKeys.one(user.id), user);
    },
  });
}

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
