import { screen, waitFor } from '@testing-library/react';
import type { Import, ImportItem } from '@/api/imports';
import { failure, reply } from '@/testing/api-reply';
import { logIn, mockApi, renderWithProviders } from '@/testing/render';
import { LetterboxdImport } from './letterboxd-import';

const counts = {
  total: 5,
  pending: 0,
  would_add: 2,
  skip_existing: 1,
  skipped: 1,
  unmatched: 0,
  ambiguous: 1,
  added: 0,
  rating_defaulted: 1,
};

function job(overrides: Partial<Import> = {}): Import {
  return {
    id: 5,
    status: 'ready',
    progress: 100,
    counts,
    to_import: 0,
    created_at: '2026-11-26T10:00:00Z',
    updated_at: '2026-11-26T10:00:00Z',
    ...overrides,
  };
}

const ambiguous: ImportItem = {
  id: 31,
  kind: 'review',
  title: 'Dune',
  rating: 3,
  rating_defaulted: true,
  text: 'Which one?',
  match_status: 'ambiguous',
  candidates: [
    { tmdb_id: 438631, title: 'Dune', original_title: 'Dune', release_year: 2021 },
    { tmdb_id: 841, title: 'Dune', original_title: 'Dune', release_year: 1984 },
  ],
  outcome: 'ambiguous',
};

function fakeServer(state: { status: Import['status'] }) {
  return mockApi(({ method, path, body }) => {
    if (path === '/imports/letterboxd' && method === 'POST') {
      if (typeof body === 'string' && body.includes('not-a-csv'))
        return failure(400, 'import_not_csv', 'not a CSV');
      return reply('/imports/letterboxd', 'post', 202, { success: true, import: job({ status: 'matching', progress: 0 }) });
    }
    if (path === '/imports/5' && method === 'GET') {
      const done = state.status === 'done';
      return reply('/imports/{id}', 'get', 200, {
        success: true,
        import: job({ status: state.status, counts: done ? { ...counts, would_add: 0, added: 2 } : counts }),
      });
    }
    if (path === '/imports/5/items' && method === 'GET')
      return reply('/imports/{id}/items', 'get', 200, {
        success: true,
        items: [ambiguous],
        pagination: { total: 1, limit: 50, offset: 0, hasMore: false },
      });
    if (path === '/imports/5/items/31/choice' && method === 'POST')
      return reply('/imports/{id}/items/{item}/choice', 'post', 200, {
        success: true,
        item: { ...ambiguous, tmdb_id: (body as { tmdb_id: number }).tmdb_id, outcome: 'would_add' },
      });
    if (path === '/imports/5/confirm' && method === 'POST') {
      state.status = 'done';
      return reply('/imports/{id}/confirm', 'post', 200, { success: true, import: job({ status: 'importing', progress: 0 }) });
    }
    return failure(404, 'not_found', 'Not found');
  });
}

describe('LetterboxdImport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uploads, shows the dry run, takes a choice, confirms and reports what was added', async () => {
    logIn();
    const state = { status: 'ready' as Import['status'] };
    const calls = fakeServer(state);
    const { user } = renderWithProviders(<LetterboxdImport />);
    const file = new File(['Date,Name,Year,Letterboxd URI\n'], 'watchlist.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Letterboxd export (ZIP or CSV files)'), file);
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('2 items would be added')).toBeInTheDocument();
    expect(screen.getByText('1 is already on Leffaseura (skipped)')).toBeInTheDocument();
    expect(screen.getByText('1 film needs your choice')).toBeInTheDocument();
    expect(screen.getByText('1 review has no rating on Letterboxd and gets 3 stars.')).toBeInTheDocument();

    await user.click(await screen.findByRole('radio', { name: 'Dune (1984)' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/imports/5/items/31/choice')).toBe(true));
    expect(calls.find((c) => c.path === '/imports/5/items/31/choice')?.body).toEqual({ tmdb_id: 841 });

    await user.click(screen.getByRole('button', { name: 'Import 2 items' }));
    expect(await screen.findByText('Done: 2 items added, 1 was already there.', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your watchlist' })).toHaveAttribute('href', '/watchlist');
    const upload = calls.find((c) => c.path === '/imports/letterboxd');
    expect(upload?.headers.get('content-type')).toMatch(/^multipart\/form-data/);
  });

  it('shows why a file is refused, in Finnish too', async () => {
    logIn();
    fakeServer({ status: 'ready' });
    const { user } = renderWithProviders(<LetterboxdImport />, { language: 'fi' });
    const file = new File(['not-a-csv'], 'ratings.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Letterboxd-vienti (ZIP tai CSV-tiedostot)'), file);
    await user.click(screen.getByRole('button', { name: 'Lähetä' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Tiedosto ei ole CSV- eikä ZIP-tiedosto. Lähetä Letterboxdin lähettämä vienti. Mitään ei tuotu.',
    );
  });
});
