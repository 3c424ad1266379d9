import { useSyncExternalStore } from 'react';
import type { components } from '@/api/schema';

/** The signed-in user as the server returns it (with email, for the user themself). */
export type SessionUser = components['schemas']['User'];

export type Session = { token: string; user: SessionUser | null };

const TOKEN_KEY = 'token';
const USER_KEY = 'user';

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

let cachedRaw: string | null = null;
let cachedUser: SessionUser | null = null;

export function getStoredUser(): SessionUser | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(USER_KEY);
  } catch {
    return null;
  }
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    cachedUser = parsed && typeof parsed === 'object' ? (parsed as SessionUser) : null;
  } catch {
    cachedUser = null;
  }
  return cachedUser;
}

/** Stores a fresh session (after login) or a refreshed token/user (after a profile change). */
export function saveSession(token: string | null | undefined, user: SessionUser | null | undefined) {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
  if (token) sessionNotice = null; // logged in again: the "session ended" notice has done its job
  notify();
}

/** Logout: forget the token and the user. */
export function clearSession() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  notify();
}

/**
 * Why a session ended: the API error that ended it (`code`, and the server's `message` for a
 * code the webapp has no text for), or no code when the token simply stopped working.
 */
export type SessionEnd = { code: string | null; message: string | null };

/** The server stopped accepting the stored token (expired, revoked, user deleted). */
export const SESSION_ENDED: SessionEnd = { code: null, message: null };

let sessionNotice: SessionEnd | null = null;

/**
 * The server refused the session (a 401 on an authenticated call): forget it like a logout
 * and keep `reason` for the notice that tells the user why they are logged out.
 */
export function endSession(reason: SessionEnd = SESSION_ENDED) {
  sessionNotice = reason;
  clearSession();
}

/** Hides the "session ended" notice. */
export function dismissSessionNotice() {
  sessionNotice = null;
  notify();
}

const getNoticeSnapshot = () => sessionNotice;

/** Why the session ended, until dismissed or the user logs in again; null otherwise. */
export function useSessionNotice(): SessionEnd | null {
  return useSyncExternalStore(subscribe, getNoticeSnapshot, getNoticeSnapshot);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab logging in or out changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const getTokenSnapshot = () => getToken();

/** The current session; logged in exactly when a token is stored (PRODUCT-SPEC §4). */
export function useSession(): Session | null {
  const token = useSyncExternalStore(subscribe, getTokenSnapshot, getTokenSnapshot);
  const user = useSyncExternalStore(subscribe, getStoredUser, getStoredUser);
  return token ? { token, user } : null;
}
