import { renderHook } from '@testing-library/react';
import { logIn } from '@/testing/render';
import { api } from './api-client';
import { SESSION_ENDED, dismissSessionNotice, getToken, saveSession, useSessionNotice } from './auth-storage';

/** The session notice as the layout reads it. */
function notice() {
  return renderHook(() => useSessionNotice()).result.current;
}

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );
}

afterEach(() => dismissSessionNotice());

describe('api client, 401 on an authenticated call', () => {
  it('ends the session and says it ended (expired or revoked token)', async () => {
    logIn();
    answer(401, { success: false, code: 'invalid_token', message: 'Invalid or expired token' });
    await api.GET('/users/profile');
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(notice()).toBe(SESSION_ENDED);
  });

  it('keeps the ban as the reason (shown by its code)', async () => {
    logIn();
    answer(401, { success: false, code: 'account_banned', message: 'This account has been banned.' });
    await api.GET('/users/profile');
    expect(getToken()).toBeNull();
    expect(notice()).toEqual({ code: 'account_banned', message: 'This account has been banned.' });
  });

  it('leaves a failed login alone (no session to end)', async () => {
    answer(401, { success: false, code: 'invalid_credentials', message: 'Invalid email or password' });
    await api.POST('/users/login', { body: { email: 'a@b.fi', password: 'x' } });
    expect(notice()).toBeNull();
  });

  it('keeps a newer session when an older call comes back 401', async () => {
    logIn(undefined, 'old-token');
    let release: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (release = resolve))));
    const call = api.GET('/users/profile');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    logIn(undefined, 'new-token');
    release(new Response(JSON.stringify({ success: false, code: 'invalid_token' }), { status: 401 }));
    await call;
    expect(getToken()).toBe('new-token');
    expect(notice()).toBeNull();
  });

  it('ends the session when a public read answers as to a visitor (WWW-Authenticate)', async () => {
    logIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: true, data: [] }), {
            status: 200,
            headers: { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Bearer error="invalid_token"' },
          }),
      ),
    );
    const { response } = await api.GET('/reviews/recent');
    expect(response.status).toBe(200);
    expect(getToken()).toBeNull();
    expect(notice()).toBe(SESSION_ENDED);
  });

  it('keeps the session on a public read answered normally', async () => {
    logIn();
    answer(200, { success: true, data: [] });
    await api.GET('/reviews/recent');
    expect(getToken()).not.toBeNull();
    expect(notice()).toBeNull();
  });

  it('forgets the notice when the user logs in again', async () => {
    logIn();
    answer(401, { success: false, code: 'invalid_token', message: 'Invalid or expired token' });
    await api.GET('/users/profile');
    expect(notice()).toBe(SESSION_ENDED);
    saveSession('fresh-token', null);
    expect(notice()).toBeNull();
  });
});
