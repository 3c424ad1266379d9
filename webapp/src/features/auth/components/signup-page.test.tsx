import { screen, within } from '@testing-library/react';
import { reply } from '@/testing/api-reply';
import { mockApi, renderWithProviders, testUser } from '@/testing/render';
import { SignupPage } from './signup-page';

async function fillAndSubmit(
  user: ReturnType<typeof renderWithProviders>['user'],
  { username = 'kaisa', email = 'kaisa@example.fi', password = 'secret-password' } = {},
) {
  await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('SignupPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells the password rule in the placeholder and checks it before sending', async () => {
    const calls = mockApi(() => ({ status: 500 }));
    const { user } = renderWithProviders(<SignupPage />, { path: '/signup' });
    expect(screen.getByLabelText('Password')).toHaveAttribute('placeholder', 'At least 8 characters');

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByText('Username is required.')).toBeInTheDocument();
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();

    await fillAndSubmit(user, { password: 'short' });
    expect(screen.getByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('offers to continue to login after the account is created', async () => {
    const calls = mockApi(() => (reply('/users/register', 'post', 201, { success: true, token: 'jwt', user: testUser })));
    const { user, router } = renderWithProviders(<SignupPage />, { path: '/signup' });
    await fillAndSubmit(user);

    const dialog = await screen.findByRole('dialog', { name: 'Account Created!' });
    expect(dialog).toHaveTextContent('Your account was created successfully. Continue to login?');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/users/register',
      body: { username: 'kaisa', email: 'kaisa@example.fi', password: 'secret-password' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Go to Login' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows 'User Already Exists' on a 409", async () => {
    mockApi(() => ({
      status: 409,
      body: { success: false, code: 'user_exists', message: 'An account with this email or username already exists.' },
    }));
    const { user } = renderWithProviders(<SignupPage />, { path: '/signup' });
    await fillAndSubmit(user);
    const dialog = await screen.findByRole('alertdialog', { name: 'User Already Exists' });
    expect(dialog).toHaveTextContent('An account with this email or username already exists.');
  });

  it("treats any message containing 'exists' as an existing user", async () => {
    mockApi(() => ({ status: 400, body: { success: false, code: 'bad', message: 'Username already exists' } }));
    const { user } = renderWithProviders(<SignupPage />, { path: '/signup' });
    await fillAndSubmit(user);
    expect(await screen.findByRole('alertdialog', { name: 'User Already Exists' })).toBeInTheDocument();
  });

  it("shows 'Registration Failed' with the server's message for other errors", async () => {
    mockApi(() => ({
      status: 400,
      body: { success: false, code: 'invalid_username', message: 'Username must be 3–30 characters.', field: 'username' },
    }));
    const { user } = renderWithProviders(<SignupPage />, { path: '/signup' });
    await fillAndSubmit(user);
    const dialog = await screen.findByRole('alertdialog', { name: 'Registration Failed' });
    // Said by the error's code, in the reader's language (not the server's English words).
    expect(dialog).toHaveTextContent('Username must be 3 to 30 characters long');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toHaveFocus();
  });

  it('speaks Finnish: its own checks and the server’s answer by code', async () => {
    const calls = mockApi(() => ({
      status: 409,
      body: { success: false, code: 'username_taken', message: 'This username is already taken.' },
    }));
    const { user } = renderWithProviders(<SignupPage />, { path: '/signup', language: 'fi' });
    expect(screen.getByRole('heading', { level: 1, name: 'Luo tili' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rekisteröidy' }));
    expect(screen.getByText('Anna käyttäjätunnus.')).toBeInTheDocument();
    expect(screen.getByText('Anna sähköpostiosoite.')).toBeInTheDocument();
    expect(screen.getByText('Anna salasana.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Käyttäjätunnus'), 'kaisa');
    await user.type(screen.getByLabelText('Sähköposti'), 'kaisa@example.fi');
    await user.type(screen.getByLabelText('Salasana'), 'lyhyt');
    await user.click(screen.getByRole('button', { name: 'Rekisteröidy' }));
    expect(screen.getByText('Salasanan on oltava vähintään 8 merkkiä pitkä.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Salasana'), '-ja-pidempi');
    await user.click(screen.getByRole('button', { name: 'Rekisteröidy' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Käyttäjä on jo olemassa' });
    expect(dialog).toHaveTextContent('Tällä sähköpostiosoitteella tai käyttäjätunnuksella on jo tili.');
  });
});

