import { screen, within } from '@testing-library/react';
import { mockApi, renderWithProviders } from '@/testing/render';
import { failure, makeGroup, reply } from '../testing/group-fixtures';
import { MyGroups } from './my-groups';
import { PopularGroupsCarousel } from './popular-groups-carousel';

describe('My groups (profile)', { timeout: 15_000 }, () => {
  it('lists the user’s groups with their role', async () => {
    mockApi(({ path }) =>
      path === '/groups/user/5/groups'
        ? reply('/groups/user/{userId}/groups', 'get', 200, {
            success: true,
            groups: [makeGroup({ id: 1, name: 'Oma', owner_id: 5 }), makeGroup({ id: 2, name: 'Toinen', owner_id: 9, role: 'moderator', is_member: true })],
            pagination: { total: 2, limit: 50, offset: 0, hasMore: false },
          })
        : failure(404, 'not_found', path),
    );
    renderWithProviders(<MyGroups userId={5} username="mikko" isOwn />);
    const list = await screen.findByRole('list', { name: 'My groups' });
    const cards = within(list).getAllByTestId('group-card');
    expect(cards[0]).toHaveTextContent('Owner');
    expect(cards[1]).toHaveTextContent('Moderator');
    expect(within(list).getByRole('link', { name: /Toinen/ })).toHaveAttribute('href', '/groups/2');
  });

  it('says so when there are none', async () => {
    mockApi(() => reply('/groups/user/{userId}/groups', 'get', 200, { success: true, groups: [], pagination: { total: 0, limit: 50, offset: 0, hasMore: false } }));
    renderWithProviders(<MyGroups userId={5} username="mikko" isOwn={false} />);
    expect(await screen.findByText('mikko is not in any groups yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Groups' })).toBeInTheDocument();
  });
});

describe('Most Popular Groups (home)', { timeout: 15_000 }, () => {
  it('shows the 20 most popular groups', async () => {
    const calls = mockApi(() =>
      reply('/groups/popular', 'get', 200, { success: true, data: [makeGroup({ id: 1, name: 'Suosittu' }), makeGroup({ id: 2, name: 'Toinen' })] }),
    );
    renderWithProviders(<PopularGroupsCarousel />);
    const region = await screen.findByRole('region', { name: 'Most Popular Groups' });
    await vi.waitFor(() => expect(within(region).getAllByTestId('group-card')).toHaveLength(2));
    expect(calls[0]?.query.get('limit')).toBe('20');
    expect(within(region).getByRole('link', { name: 'All groups' })).toHaveAttribute('href', '/groups');
  });

  it('is left out while there are no groups', async () => {
    const calls = mockApi(() => reply('/groups/popular', 'get', 200, { success: true, data: [] }));
    const { container } = renderWithProviders(<PopularGroupsCarousel />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await vi.waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});
