import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from '@/api/schema';
import { SESSION_ENDED, endSession, getToken } from './auth-storage';
import { takePrefetched } from './prefetched';

/** RFC 6750's answer to a token the server no longer accepts. */
const INVALID_TOKEN = /\berror="invalid_token"/;

/** Adds the stored bearer token to every call made while logged in. */
const authMiddleware: Middleware = {
  onRequest({ request }) {
    const token = getToken();
    if (token && !request.headers.has('Authorization')) {
      request.headers.set('Authorization', `Bearer ${token}`);
    }
    return request;
  },
  async onResponse({ request, response }) {
    // A 401 means the session itself is dead (deleted or banned user, password changed,
    // expired token; a wrong password is a 403): forget it so the UI shows "logged out",
    // and tell the user why (a ban in the server's words). A public read answers a dead
    // token as a visitor's call instead, and says so in `WWW-Authenticate` only.
    const refusedToken = response.status === 401 || INVALID_TOKEN.test(response.headers.get('WWW-Authenticate') ?? '');
    if (!refusedToken) return response;
    const path = new URL(request.url).pathname;
    const isLogin = path.endsWith('/users/login') || path.endsWith('/users/register');
    const token = getToken();
    // Only the stored session ends: not a call sent before a new login, nor a second 401.
    if (isLogin || !token || request.headers.get('Authorization') !== `Bearer ${token}`) return response;
    if (response.status !== 401) {
      if (getToken() === token) endSession(SESSION_ENDED);
      return response;
    }
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as ApiErrorBody | null;
    const banned = body?.code === 'account_banned';
    const reason = banned ? { code: 'account_banned', message: typeof body.message === 'string' ? body.message : null } : SESSION_ENDED;
    // Check again: another call may have ended (or a login replaced) it meanwhile.
    if (getToken() === token) endSession(reason);
    return response;
  },
};

/** The one typed client for the Leffaseura API (paths as declared in openapi.yaml). */
export const api = createClient<paths>({
  // Absolute, so Request() accepts it everywhere (tests run outside a real page).
  baseUrl: `${globalThis.location?.origin ?? ''}/api/v1`,
  // Resolve the global fetch at call time so tests can replace it. The boot script may have
  // sent this very request already (lib/prefetched.ts).
  fetch: (request) => takePrefetched(request) ?? globalThis.fetch(request),
});
api.use(authMiddleware);

/** Every `code` the API answers (the spec's closed `ErrorCode` enum). */
export type ErrorCode = components['schemas']['ErrorCode'];

/**
 * The server's error body (API.md): `{success: false, code, message, field?}`, as read off
 * the wire: a server newer than this build may send a code the enum lacks yet.
 */
export type ApiErrorBody = { success?: false; code?: string; message?: string; field?: string };

/** Thrown by query/mutation functions so callers see the status and the server's words. */
export class ApiError extends Error {
  readonly status: number;
  /**
   * Typed as the spec's codes so that a misspelt comparison fails `tsc`; a code newer than
   * this build still arrives here and is shown through the server's message.
   */
  readonly code: ErrorCode | undefined;
  readonly field: string | undefined;
  /** The server's own words, when it sent any (`message` falls back to the caller's words). */
  readonly serverMessage: string | undefined;

  constructor(status: number, body: unknown, fallback: string) {
    const parsed = (body && typeof body === 'object' ? body : {}) as ApiErrorBody;
    const serverMessage = typeof parsed.message === 'string' && parsed.message ? parsed.message : undefined;
    super(serverMessage ?? fallback);
    this.serverMessage = serverMessage;
    this.name = 'ApiError';
    this.status = status;
    this.code = typeof parsed.code === 'string' ? (parsed.code as ErrorCode) : undefined;
    this.field = typeof parsed.field === 'string' ? parsed.field : undefined;
  }
}
