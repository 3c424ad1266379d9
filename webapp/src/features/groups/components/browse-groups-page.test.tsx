import { screen, within } from '@testing-library/react';
import { mockApi, renderWithProviders } from '@/testing/render';
import { failure, makeGroup, reply } from '../testing/group-fixtures';
import { BrowseGroupsPage } from './browse-groups-page';

const groups = Array.from({ length: 60 }, (_, i) =>
  makeGroup({ id: i + 1, name: `Ryhmä ${i + 1}`, tags: i % 2 ? [35] : [27], member_count: 60 - i }),
);
const genres = [
  { id: 27, name: 'Horror' },
  { id: 35, name: 'Comedy' },
];

function serve() {
  return mockApi(({ method, path, query }) => {
    if (method !== 'GET') return failure(405, 'x', 'x');
    if (path === '/tmdb/genres') return reply('/tmdb/genres', 'get', 200, { success: true, genres });
    // Windows of at most `limit` groups, as the API serves them.
    const window = (found: typeof groups) => {
      const limit = Number(query.get('limit'));
      const offset = Number(query.get('offset') ?? 0);
      return {
        success: true,
        groups: found.slice(offset, offset + limit),
        pagination: { total: found.length, limit, offset, hasMore: offset + limit < found.length },
      };
    };
    if (path === '/groups/search') {
      const q = (query.get('query') ?? '').toLowerCase();
      return reply('/groups/search', 'get', 200, window(groups.filter((g) => g.name.toLowerCase().includes(q))));
    }
    if (path === '/groups/by-genres') {
      const wanted = (query.get('genres') ?? '').split(',').map(Number);
      return reply('/groups/by-genres', 'get', 200, window(groups.filter((g) => g.tags.some((t) => wanted.includes(t)))));
    }
    return failure(404, 'not_found', path);
  });
}

const cards = () => within(screen.getByRole('list', { name: 'Groups' })).getAllByTestId('group-card');

describe('Browse groups (PRODUCT-SPEC §2, §9)', { timeout: 15_000 }, () => {
  it('lists the groups 16 a page, paged in the browser', async () => {
    const calls = serve();
    const { user } = renderWithProviders(<BrowseGroupsPage />, { path: '/groups', route: '/groups' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading groups…');
    await screen.findByRole('list', { name: 'Groups' });
    expect(cards()).toHaveLength(16);
    expect(screen.getByText('60 groups')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 4')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Group' })).toHaveAttribute('href', '/groups/create');
    // Every group was fetched in windows of 50 before the first page showed.
    expect(calls.filter((c) => c.path === '/groups/search').map((c) => c.query.get('offset'))).toEqual(['0', '50']);
    for (let page = 2; page <= 4; page += 1) await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(cards()).toHaveLength(12);
    expect(screen.getByText('Page 4 of 4')).toBeInTheDocument();
    // The other pages came from the list already loaded.
    expect(calls.filter((c) => c.path === '/groups/search')).toHaveLength(2);
  });

  it('shows a card with its name, members, visibility and a link', async () => {
    serve();
    renderWithProviders(<BrowseGroupsPage />, { path: '/groups', route: '/groups' });
    await screen.findByRole('list', { name: 'Groups' });
    const first = cards()[0] as HTMLElement;
    expect(within(first).getByRole('link')).toHaveAttribute('href', '/groups/1');
    expect(first).toHaveTextContent('Ryhmä 1');
    expect(first).toHaveTextContent('60 members');
    expect(first).toHaveTextContent('Public');
    expect(first).toHaveClass('theme-purple');
  });

  it('searches with ?q= and filters by genre', async () => {
    const calls = serve();
    const { user, router } = renderWithProviders(<BrowseGroupsPage />, { path: '/groups', route: '/groups' });
    await screen.findByRole('list', { name: 'Groups' });
    await user.type(screen.getByRole('searchbox', { name: 'Search groups' }), 'Ryhmä 1');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?q=Ryhm%C3%A4+1');
    expect(await screen.findByRole('heading', { name: 'Results for “Ryhmä 1”' })).toBeInTheDocument();
    await vi.waitFor(() => expect(cards()).toHaveLength(11));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Genre' }), 'Horror');
    await vi.waitFor(() => expect(cards()).toHaveLength(6));
    expect(calls.at(-1)?.path).toBe('/groups/search');

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await vi.waitFor(() => expect(cards()).toHaveLength(16));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Genre' }), 'Comedy');
    await screen.findByRole('heading', { name: 'Comedy groups' });
    expect(await screen.findByText('30 groups')).toBeInTheDocument();
    await vi.waitFor(() => expect(cards()).toHaveLength(16));
    expect(calls.at(-1)?.path).toBe('/groups/by-genres');
    expect(calls.at(-1)?.query.get('genres')).toBe('35');
  });

  it('names the genres in Finnish for a Finnish reader, whatever the catalog answered', async () => {
    serve();
    const { user } = renderWithProviders(<BrowseGroupsPage />, { path: '/groups', route: '/groups', language: 'fi' });
    const select = await screen.findByRole('combobox', { name: 'Lajityyppi' });
    await vi.waitFor(() => expect(within(select).getByRole('option', { name: 'Kauhu' })).toBeInTheDocument());
    expect(within(select).queryByRole('option', { name: 'Horror' })).not.toBeInTheDocument();
    await user.selectOptions(select, 'Komedia');
    expect(await screen.findByRole('heading', { name: 'Lajityyppi: Komedia' })).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    serve();
    renderWithProviders(<BrowseGroupsPage />, { path: '/groups?q=zzz', route: '/groups' });
    expect(await screen.findByText('No groups match your search.')).toBeInTheDocument();
  });
});
