import { act, screen } from '@testing-library/react';
import { dismissSessionNotice, endSession, saveSession } from '@/lib/auth-storage';
import { logIn, renderWithProviders } from '@/testing/render';
import { SessionNotice } from './session-notice';

afterEach(() => dismissSessionNotice());

describe('SessionNotice', () => {
  it('shows nothing while nothing ended', () => {
    renderWithProviders(<SessionNotice />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the session ended, offers the login page and can be dismissed', async () => {
    logIn();
    const { user } = renderWithProviders(<SessionNotice />);
    act(() => endSession());
    expect(screen.getByRole('alert')).toHaveTextContent('Your session has ended. Please log in again.');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the account was banned (by the code) and goes away after logging in again', () => {
    logIn();
    renderWithProviders(<SessionNotice />);
    act(() => endSession({ code: 'account_banned', message: 'Banned for spam.' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This account has been banned.');
    act(() => saveSession('new-token', null));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does not link to the login page from the login page itself', () => {
    renderWithProviders(<SessionNotice />, { path: '/login', route: '/login' });
    act(() => endSession());
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });
});
