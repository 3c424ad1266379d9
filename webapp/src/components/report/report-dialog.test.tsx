import { screen, within } from '@testing-library/react';
import { Toaster } from '@/components/toast/toaster';
import { clearToasts } from '@/components/toast/toast-store';
import { reply, failure } from '@/testing/api-reply';
import { logIn, mockApi, renderWithProviders } from '@/testing/render';
import { ReportButton } from './report-button';

const filed = {
  id: 3,
  target_type: 'review' as const,
  target_id: 9,
  target_label: 'mikko on Heat',
  reason: 'spoilers' as const,
  note: 'tells the ending',
  status: 'open' as const,
  resolution: null,
  resolved_at: null,
  created_at: '2026-11-20T12:00:00Z',
};

function renderButton(language?: 'fi' | 'en') {
  logIn();
  return renderWithProviders(
    <>
      <ReportButton targetType="review" targetId={9} title="Report the review by mikko" />
      <Toaster />
    </>,
    { language },
  );
}

describe('the report dialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToasts();
  });

  it('asks for a reason, sends it with the note, thanks and closes', async () => {
    const calls = mockApi(({ method, path }) =>
      method === 'POST' && path === '/reports' ? reply('/reports', 'post', 201, { success: true, report: filed }) : failure(404, 'not_found', 'Not found'),
    );
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report the review by mikko' });
    const reasons = within(dialog).getByRole('group', { name: 'Reason' });
    expect(within(reasons).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['spam', 'abuse', 'spoilers', 'other']);

    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a reason.');
    expect(calls).toHaveLength(0);

    await user.click(within(reasons).getByRole('radio', { name: 'Spoilers' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), '  tells the ending ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thanks, a moderator will look at it.')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ target_type: 'review', target_id: 9, reason: 'spoilers', note: 'tells the ending' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves the note out when blank and shows a duplicate report in the dialog', async () => {
    const calls = mockApi(() => failure(409, 'report_already_open', 'You have already reported this.'));
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report the review by mikko' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have already reported this, and a moderator has not handled it yet.');
    expect(calls[0]?.body).toEqual({ target_type: 'review', target_id: 9, reason: 'spam' });
    expect(screen.queryByText('Thanks, a moderator will look at it.')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('speaks Finnish', async () => {
    mockApi(() => reply('/reports', 'post', 201, { success: true, report: filed }));
    const { user } = renderButton('fi');
    await user.click(screen.getByRole('button', { name: 'Ilmianna' }));
    const dialog = screen.getByRole('dialog');
    for (const name of ['Roskaposti', 'Asiaton käytös', 'Juonipaljastuksia', 'Muu']) {
      expect(within(dialog).getByRole('radio', { name })).toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('radio', { name: 'Muu' }));
    await user.click(within(dialog).getByRole('button', { name: 'Lähetä ilmianto' }));
    expect(await screen.findByText('Kiitos, moderaattori katsoo asian.')).toBeInTheDocument();
  });
});
