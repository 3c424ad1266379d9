import { renderHook, screen, within } from '@testing-library/react';
import { useToasts } from '@/components/toast/toast-store';
import type { Report } from '@/api/reports';
import { reply } from '@/testing/api-reply';
import { logIn, mockApi, renderWithProviders, testUser } from '@/testing/render';
import { SettingsPage } from './settings-page';

/** A server that knows `testUser`, whose password is "right-password". */
function fakeServer(overrides: { put?: () => { status: number; body?: unknown }; reports?: Report[] } = {}) {
  return mockApi(({ method, path, body }) => {
    if (path === '/reports/mine' && method === 'GET') {
      const reports = overrides.reports ?? [];
      return reply('/reports/mine', 'get', 200, {
        success: true,
        reports,
        pagination: { total: reports.length, limit: 100, offset: 0, hasMore: false },
      });
    }
    if (path === '/users/profile' && method === 'GET') return reply('/users/profile', 'get', 200, { success: true, user: testUser });
    if (path === '/users/profile' && method === 'PUT') {
      if (overrides.put) return overrides.put();
      const { currentPassword, ...changes } = body as Record<string, string>;
      if (currentPassword !== 'right-password')
        return { status: 403, body: { success: false, code: 'wrong_password', message: 'Current password is incorrect.' } };
      return reply('/users/profile', 'put', 200, { success: true, user: { ...testUser, ...changes }, token: 'jwt-new' });
    }
    if (path === '/users/profile' && method === 'DELETE') {
      const { currentPassword } = body as Record<string, string>;
      if (currentPassword !== 'right-password')
        return { status: 403, body: { success: false, code: 'wrong_password', message: 'Current password is incorrect.' } };
      return { status: 204 };
    }
    return { status: 404, body: { success: false, code: 'not_found', message: 'Not found' } };
  });
}

function renderSettings() {
  return renderWithProviders(<SettingsPage />, { path: '/settings' });
}

describe('SettingsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks a visitor to log in', () => {
    renderSettings();
    expect(screen.getByText('Please log in to change your settings.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login / Sign In' })).toHaveAttribute('href', '/login');
  });

  it('ends a session the server no longer accepts', async () => {
    logIn();
    mockApi(() => ({ status: 401, body: { success: false, code: 'unauthorized', message: 'Not authenticated' } }));
    renderSettings();
    expect(await screen.findByText('Please log in to change your settings.')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('uses a short email placeholder that fits the field (the current email is in the heading)', () => {
    logIn();
    fakeServer();
    renderSettings();
    expect(screen.getByLabelText('New email')).toHaveAttribute('placeholder', 'name@example.com');
  });

  it("says 'No changes to update.' when nothing was filled in", async () => {
    logIn();
    const calls = fakeServer();
    const { user } = renderSettings();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('No changes to update.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it("says 'No changes to update.' when the new values equal the current ones", async () => {
    logIn();
    fakeServer();
    const { user } = renderSettings();
    await user.type(screen.getByLabelText('New username'), testUser.username);
    await user.type(screen.getByLabelText('New email'), testUser.email ?? '');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('No changes to update.')).toBeInTheDocument();
  });

  it("says 'Bio is unchanged.' when the bio is the same", async () => {
    logIn();
    fakeServer();
    const { user } = renderSettings();
    const bio = screen.getByLabelText('Bio');
    expect(bio).toHaveValue(testUser.user_bio);
    await user.click(screen.getByRole('button', { name: 'Set Bio' }));
    expect(screen.getByText('Bio is unchanged.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("requires the current password: 'Current password is required.'", async () => {
    logIn();
    const calls = fakeServer();
    const { user } = renderSettings();
    const bio = screen.getByLabelText('Bio');
    await user.clear(bio);
    await user.type(bio, 'Aki Kaurismäki forever');
    await user.click(screen.getByRole('button', { name: 'Set Bio' }));

    const dialog = screen.getByRole('dialog', { name: 'Confirm bio change' });
    const password = within(dialog).getByLabelText('Current password');
    expect(password).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('Current password is required.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('sets the bio after the current password is confirmed and keeps the new token', async () => {
    logIn();
    const calls = fakeServer();
    const { user } = renderSettings();
    const bio = screen.getByLabelText('Bio');
    await user.clear(bio);
    await user.type(bio, 'Aki Kaurismäki forever');
    await user.click(screen.getByRole('button', { name: 'Set Bio' }));
    await user.type(screen.getByLabelText('Current password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Bio updated.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ user_bio: 'Aki Kaurismäki forever', currentPassword: 'right-password' });
    expect(put?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(localStorage.getItem('token')).toBe('jwt-new');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ user_bio: 'Aki Kaurismäki forever' });
  });

  it("shows the server's message for a wrong current password and lets the user retry", async () => {
    logIn();
    fakeServer();
    const { user } = renderSettings();
    await user.type(screen.getByLabelText('New username'), 'kaisa_2');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm changes' });
    await user.type(within(dialog).getByLabelText('Current password'), 'wrong-password');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await within(dialog).findByText('Current password is incorrect.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Current password'));
    await user.type(within(dialog).getByLabelText('Current password'), 'right-password');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your changes were saved.')).toBeInTheDocument();
    expect(screen.getByLabelText('New username')).toHaveValue('');
  });

  it('changes the password and keeps the new token the server sends', async () => {
    logIn();
    const calls = fakeServer();
    const { user } = renderSettings();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('The new password must be at least 8 characters.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('New password'), '-but-now-long');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.type(screen.getByLabelText('Current password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your changes were saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      newPassword: 'short-but-now-long',
      currentPassword: 'right-password',
    });
    expect(localStorage.getItem('token')).toBe('jwt-new');
  });

  it("shows other server errors on the page (e.g. a taken username)", async () => {
    logIn();
    fakeServer({
      put: () => ({ status: 409, body: { success: false, code: 'username_taken', message: 'That username is taken.' } }),
    });
    const { user } = renderSettings();
    await user.type(screen.getByLabelText('New username'), 'someone');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.type(screen.getByLabelText('Current password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This username is already taken.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deletes the account after confirmation, clears the session and goes home', async () => {
    logIn();
    const calls = fakeServer();
    const { user, router } = renderSettings();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Account' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete your account?');
    await user.type(within(dialog).getByLabelText('Current password'), 'right-password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ currentPassword: 'right-password' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    // Nobody is left wondering: the layout's toaster says the account is gone.
    expect(renderHook(() => useToasts()).result.current.map((toast) => toast.message)).toContain(
      'Your account was deleted. Thank you for being part of Leffaseura.',
    );
  });

  it("alerts 'Failed to delete account' when the server fails", async () => {
    logIn();
    mockApi(({ method }) =>
      method === 'GET'
        ? reply('/users/profile', 'get', 200, { success: true, user: testUser })
        : { status: 500, body: { success: false, code: 'internal', message: 'Internal server error' } },
    );
    const { user } = renderSettings();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.type(screen.getByLabelText('Current password'), 'right-password');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByRole('alertdialog', { name: 'Failed to delete account' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('test-token');
  });

  it('lists my reports with their target, reason and what became of them', async () => {
    logIn();
    const base = { target_label: 'mikko on Heat', note: null, created_at: '2026-11-20T12:00:00Z' };
    fakeServer({
      reports: [
        { ...base, id: 2, target_type: 'user', target_id: 5, target_label: 'mikko', reason: 'abuse', status: 'open', resolution: null, resolved_at: null },
        {
          ...base,
          id: 1,
          target_type: 'review',
          target_id: 9,
          reason: 'spam',
          status: 'resolved',
          resolution: 'review_deleted',
          resolved_at: '2026-11-21T08:00:00Z',
        },
      ],
    });
    renderSettings();
    const list = await screen.findByRole('list', { name: 'My reports' });
    const rows = within(list).getAllByTestId('my-report');
    expect(rows[0]).toHaveTextContent('User: mikko');
    expect(rows[0]).toHaveTextContent('Abuse');
    expect(rows[0]).toHaveTextContent('Open');
    expect(rows[1]).toHaveTextContent('Review: mikko on Heat');
    expect(rows[1]).toHaveTextContent('Spam');
    expect(rows[1]).toHaveTextContent('Handled: review removed');
  });
});
