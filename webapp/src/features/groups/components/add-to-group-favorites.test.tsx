import { screen } from '@testing-library/react';
import { logIn, mockApi, renderWithProviders, testUser } from '@/testing/render';
import { failure, makeGroup, reply } from '../testing/group-fixtures';
import { renderToaster } from '../testing/render-group';
import { AddToGroupFavorites } from './add-to-group-favorites';

const mine = [
  makeGroup({ id: 1, name: 'Oma kerho', owner_id: testUser.id, role: 'owner', is_owner: true, is_member: true }),
  makeGroup({ id: 2, name: 'Moderoitava', owner_id: 99, role: 'moderator', is_member: true }),
  makeGroup({ id: 3, name: 'Vain jäsen', owner_id: 99, role: 'member', is_member: true }),
];
const movie = { id: 603, title: 'The Matrix', year: '1999-03-31', posterPath: 'https://image.tmdb.org/t/p/w300/m.jpg' };

function serve(add: () => { status: number; body?: unknown }, groups = mine) {
  return mockApi(({ method, path }) => {
    if (path === `/groups/user/${testUser.id}/groups`) return reply('/groups/user/{userId}/groups', 'get', 200, {
        success: true,
        groups,
        pagination: { total: groups.length, limit: 50, offset: 0, hasMore: false },
      });
    if (method === 'POST' && path === '/favorites') return add();
    return failure(404, 'not_found', path);
  });
}

describe('Add to Group Favorites (PRODUCT-SPEC §2, §6, §8)', { timeout: 15_000 }, () => {
  it('lists only the groups the user owns or moderates, and asks for a choice first', async () => {
    logIn();
    serve(() => ({ status: 500 }));
    const { user } = renderWithProviders(<AddToGroupFavorites movie={movie} />);
    const select = await screen.findByRole('combobox', { name: 'Add to a group you run' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Choose a group', 'Oma kerho', 'Moderoitava']);
    await user.click(screen.getByRole('button', { name: 'Add to Group Favorites' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a group first.');
  });

  it('adds the movie as a group favorite', async () => {
    logIn();
    renderToaster();
    const calls = serve(() => ({ status: 201, body: { success: true, data: {} } }));
    const { user } = renderWithProviders(<AddToGroupFavorites movie={movie} />);
    await user.selectOptions(await screen.findByRole('combobox'), 'Moderoitava');
    await user.click(screen.getByRole('button', { name: 'Add to Group Favorites' }));
    expect(await screen.findByText('Added to the favorites of Moderoitava.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      movie_id: 603,
      type: 3,
      group_id: 2,
      original_title: 'The Matrix',
      release_year: 1999,
      poster_path: 'https://image.tmdb.org/t/p/w300/m.jpg',
    });
  });

  it.each([
    [403, 'You don’t have permission to add favorites for this group.'],
    [500, 'Failed to add movie to group favorites.'],
  ])('explains a %s', async (status, text) => {
    logIn();
    serve(() => failure(status, status === 403 ? 'favorites_forbidden' : 'internal_error', 'x'));
    const { user } = renderWithProviders(<AddToGroupFavorites movie={movie} />);
    await user.selectOptions(await screen.findByRole('combobox'), 'Oma kerho');
    await user.click(screen.getByRole('button', { name: 'Add to Group Favorites' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('shows nothing to visitors, nor to users who run no group', async () => {
    serve(() => ({ status: 500 }));
    const visitor = renderWithProviders(<AddToGroupFavorites movie={movie} />);
    expect(visitor.container).toBeEmptyDOMElement();
    visitor.unmount();

    logIn();
    const calls = serve(() => ({ status: 500 }), [mine[2] as (typeof mine)[number]]);
    const member = renderWithProviders(<AddToGroupFavorites movie={movie} />);
    await vi.waitFor(() => expect(calls.length).toBe(1));
    expect(member.container).toBeEmptyDOMElement();
  });
});
