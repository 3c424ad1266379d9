import { act, screen, waitFor } from '@testing-library/react';
import { login } from '@/api/users';
import { getLanguage, setLanguage } from '@/lib/i18n';
import { resetLanguage } from '@/lib/i18n/language';
import { reply } from '@/testing/api-reply';
import { logIn, mockApi, renderWithProviders, testUser } from '@/testing/render';
import { LanguageSwitch } from './language-switch';

describe('the language on the profile', () => {
  beforeEach(() => act(() => resetLanguage()));
  afterEach(() => vi.unstubAllGlobals());

  it('is saved when a logged-in user switches, and not for a visitor', async () => {
    act(() => setLanguage('en'));
    const calls = mockApi(() => reply('/users/profile', 'put', 200, { success: true, user: { ...testUser, language: 'fi' } }));
    const visitor = renderWithProviders(<LanguageSwitch />);
    await visitor.user.click(screen.getByRole('button', { name: 'Suomi' }));
    expect(calls).toHaveLength(0);
    visitor.unmount();

    logIn();
    const { user } = renderWithProviders(<LanguageSwitch />);
    await user.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/users/profile', body: { language: 'en' } });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it("wins over this browser's at login; a profile without one learns this browser's", async () => {
    act(() => setLanguage('en'));
    let calls = mockApi(() => reply('/users/login', 'post', 200, { success: true, token: 'jwt-1', user: { ...testUser, language: 'fi' } }));
    await act(() => login({ email: 'kaisa@example.fi', password: 'secret-password' }));
    expect(getLanguage()).toBe('fi');
    expect(calls).toHaveLength(1);

    calls = mockApi((call) =>
      call.path === '/users/login'
        ? reply('/users/login', 'post', 200, { success: true, token: 'jwt-2', user: { ...testUser, language: null } })
        : reply('/users/profile', 'put', 200, { success: true, user: testUser }),
    );
    await act(() => login({ email: 'kaisa@example.fi', password: 'secret-password' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({ method: 'PUT', path: '/users/profile', body: { language: 'fi' } });
    expect(getLanguage()).toBe('fi');
  });
});
