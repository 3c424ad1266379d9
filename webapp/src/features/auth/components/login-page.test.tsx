import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reply } from '@/testing/api-reply';
import { logIn, mockApi, renderWithProviders, testUser } from '@/testing/render';
import { LOGIN_DIALOG_MS, LoginPage } from './login-page';

function renderLogin() {
  const view = renderWithProviders(<LoginPage />, { path: '/login' });
  // Timers are fake here (the dialogs close after 2 s); let user-event move them along.
  return { ...view, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, email = 'kaisa@example.fi', password = 'secret-password') {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('requires email and password before calling the server', async () => {
    const calls = mockApi(() => ({ status: 500 }));
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('stores the session, shows a success dialog and goes home after 2000 ms', async () => {
    const calls = mockApi(() => (reply('/users/login', 'post', 200, { success: true, token: 'jwt-1', user: testUser })));
    const { user, router } = renderLogin();
    await fillAndSubmit(user);

    const dialog = await screen.findByRole('dialog', { name: 'Login Successful' });
    expect(dialog).toHaveTextContent('Welcome back, kaisa!');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/users/login',
      body: { email: 'kaisa@example.fi', password: 'secret-password' },
    });
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ id: testUser.id });

    act(() => vi.advanceTimersByTime(LOGIN_DIALOG_MS - 100));
    expect(router.state.location.pathname).toBe('/login');
    act(() => vi.advanceTimersByTime(100));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows 'Login Failed' with the server's message and closes it after 2000 ms", async () => {
    mockApi(() => ({
      status: 401,
      body: { success: false, code: 'invalid_credentials', message: 'Invalid email or password.' },
    }));
    const { user, router } = renderLogin();
    await fillAndSubmit(user);

    const dialog = await screen.findByRole('alertdialog', { name: 'Login Failed' });
    expect(within(dialog).getByText('Invalid email or password.')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();

    act(() => vi.advanceTimersByTime(LOGIN_DIALOG_MS));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("says 'Something went wrong' when the server gives no message", async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const { user } = renderLogin();
    await fillAndSubmit(user);
    const dialog = await screen.findByRole('alertdialog', { name: 'Login Failed' });
    expect(dialog).toHaveTextContent('Something went wrong');
  });

  it('links to signup', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });

  it('tells a logged-in user they are logged in instead of showing the form again', () => {
    logIn();
    renderWithProviders(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('heading', { level: 1, name: 'You are already logged in' })).toBeInTheDocument();
    expect(screen.getByText(testUser.username)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});
