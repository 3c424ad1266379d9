import { screen, waitFor } from '@testing-library/react';
import { failure } from '@/testing/api-reply';
import { logIn, mockApi, renderWithProviders } from '@/testing/render';
import { DataExport } from './data-export';

describe('DataExport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('downloads the JSON and the ZIP export with the session', async () => {
    logIn();
    const calls = mockApi(() => ({ status: 200, body: { format_version: 1 } }));
    const createObjectURL = vi.fn(() => 'blob:export');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    // jsdom cannot follow a download link; the click is what the browser needs.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<DataExport />);
    await user.click(screen.getByRole('button', { name: 'Download JSON' }));
    await user.click(screen.getByRole('button', { name: 'Download ZIP (CSV files)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(2));
    expect(calls.map((c) => c.path)).toEqual(['/users/me/export', '/users/me/export.zip']);
    expect(click).toHaveBeenCalledTimes(2);
    click.mockRestore();
    expect(calls[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('says when the download failed', async () => {
    logIn();
    mockApi(() => failure(503, 'database_unavailable', 'down'));
    const { user } = renderWithProviders(<DataExport />, { language: 'fi' });
    await user.click(screen.getByRole('button', { name: 'Lataa JSON' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
