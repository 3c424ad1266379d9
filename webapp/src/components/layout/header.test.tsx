import { act, screen, within } from '@testing-library/react';
import { logIn, renderWithProviders, testUser } from '@/testing/render';
import { Header } from './header';

describe('Header', () => {
  it('ignores a blank or whitespace-only search', async () => {
    const { user, router } = renderWithProviders(<Header />, { path: '/about', route: '/about' });
    const search = screen.getByRole('searchbox', { name: 'Search movies' });

    await user.type(search, '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/about');

    await user.clear(search);
    await user.type(search, '{Enter}');
    expect(router.state.location.pathname).toBe('/about');
  });

  it('submits a search to /browse?q=…', async () => {
    const { user, router } = renderWithProviders(<Header />, { path: '/about', route: '/about' });
    await user.type(screen.getByRole('searchbox', { name: 'Search movies' }), '  Kuolleet lehdet {Enter}');
    expect(router.state.location.pathname).toBe('/browse');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Kuolleet lehdet');
  });

  it('shows the search of a /browse?q=… URL opened directly, and follows it', async () => {
    const { router } = renderWithProviders(<Header />, { path: '/browse?q=Kuolleet%20lehdet', route: '/browse' });
    const search = screen.getByRole('searchbox', { name: 'Search movies' });
    expect(search).toHaveValue('Kuolleet lehdet');

    await act(() => router.navigate('/browse?q=Matrix'));
    expect(search).toHaveValue('Matrix');
    await act(() => router.navigate('/browse'));
    expect(search).toHaveValue('');
  });

  it('empties the search box after leaving /browse', async () => {
    const { router } = renderWithProviders(<Header />, { path: '/browse?q=Matrix', route: '*' });
    await act(() => router.navigate('/about'));
    expect(screen.getByRole('searchbox', { name: 'Search movies' })).toHaveValue('');
  });

  it('names the account menu by what it shows: the username, then its purpose', () => {
    logIn();
    renderWithProviders(<Header />);
    const button = screen.getByRole('button', { name: /Account menu/ });
    expect(button).toHaveAccessibleName(new RegExp(`^${testUser.username}\\s?Account menu$`));
    expect(button).not.toHaveAttribute('aria-label');
  });

  it('links the logo home and has the main links', () => {
    renderWithProviders(<Header />);
    expect(screen.getByRole('link', { name: /leffaseura/i })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Showtimes' })).toHaveAttribute('href', '/schedule');
    expect(within(nav).getByRole('link', { name: 'Groups' })).toHaveAttribute('href', '/groups');
    expect(within(nav).getByRole('link', { name: 'Browse' })).toHaveAttribute('href', '/browse');
  });

  it('offers Login / Sign In when logged out, and no account menu', () => {
    renderWithProviders(<Header />);
    expect(screen.getByRole('link', { name: 'Login / Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
  });

  it('shows a burger menu with the account links when logged in', async () => {
    logIn();
    const { user } = renderWithProviders(<Header />);
    expect(screen.queryByRole('link', { name: 'Login / Sign In' })).not.toBeInTheDocument();

    const burger = screen.getByRole('button', { name: /Account menu/ });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();

    await user.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('link', { name: 'Favorites' })).toHaveAttribute('href', `/favorites/${testUser.id}`);
    expect(screen.getByRole('link', { name: 'Watchlist' })).toHaveAttribute('href', '/watchlist');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('opens the menu from the keyboard and closes it with Escape, focus back on the button', async () => {
    logIn();
    const { user } = renderWithProviders(<Header />);
    const burger = screen.getByRole('button', { name: /Account menu/ });
    burger.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(burger).toHaveFocus();
  });

  it('asks before logging out and keeps the session when cancelled', async () => {
    logIn();
    const { user } = renderWithProviders(<Header />);
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Logout' });
    expect(dialog).toHaveTextContent('Are you sure you want to logout?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('test-token');
    expect(screen.getByRole('button', { name: /Account menu/ })).toHaveFocus();
  });

  it('clears token and user after the logout is confirmed', async () => {
    logIn();
    const { user, router } = renderWithProviders(<Header />, { path: '/about', route: '/about' });
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Logout' }));

    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('speaks Finnish after the switch is pressed, links and menu included', async () => {
    logIn();
    const { user } = renderWithProviders(<Header />);
    await user.click(screen.getByRole('button', { name: 'Suomi' }));

    const nav = screen.getByRole('navigation', { name: 'Päävalikko' });
    expect(within(nav).getByRole('link', { name: 'Etusivu' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Näytösajat' })).toHaveAttribute('href', '/schedule');
    expect(within(nav).getByRole('link', { name: 'Ryhmät' })).toHaveAttribute('href', '/groups');
    expect(within(nav).getByRole('link', { name: 'Selaa' })).toHaveAttribute('href', '/browse');
    expect(screen.getByRole('searchbox', { name: 'Hae elokuvia' })).toHaveAttribute('placeholder', 'Hae elokuvia…');

    await user.click(screen.getByRole('button', { name: /Tilivalikko/ }));
    expect(screen.getByRole('link', { name: 'Katselulista' })).toHaveAttribute('href', '/watchlist');
    await user.click(screen.getByRole('button', { name: 'Kirjaudu ulos' }));
    expect(screen.getByRole('alertdialog', { name: 'Kirjaudu ulos' })).toHaveTextContent('Haluatko varmasti kirjautua ulos?');
    expect(screen.getByRole('button', { name: 'Peruuta' })).toBeInTheDocument();
  });
});
