import { screen } from '@testing-library/react';
import { logIn, mockApi, renderWithProviders } from '@/testing/render';
import { failure, makeGroup, reply } from '../testing/group-fixtures';
import { renderToaster } from '../testing/render-group';
import { CreateGroupPage } from './create-group-page';

function serve(create: () => { status: number; body?: unknown }) {
  return mockApi(({ method, path }) => {
    if (path === '/tmdb/genres') return reply('/tmdb/genres', 'get', 200, { success: true, genres: [{ id: 27, name: 'Horror' }, { id: 35, name: 'Comedy' }] });
    if (path === '/groups/themes') return reply('/groups/themes', 'get', 200, { success: true, themes: [{ id: 1, name: 'Blue' }, { id: 2, name: 'Green' }, { id: 3, name: 'Purple' }, { id: 4, name: 'Orange' }] });
    if (method === 'POST' && path === '/groups') return create();
    return failure(404, 'not_found', path);
  });
}

const render = () => renderWithProviders(<CreateGroupPage />, { path: '/groups/create', route: '/groups/create' });

describe('Create group (PRODUCT-SPEC §2, §5, §8)', { timeout: 15_000 }, () => {
  it('asks a visitor to log in', () => {
    serve(() => ({ status: 500 }));
    render();
    expect(screen.getByText('You must be logged in to create a group.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login / Sign In' })).toHaveAttribute('href', '/login');
  });

  it('needs a name, then sends the trimmed fields and goes to the new group', async () => {
    logIn();
    renderToaster();
    const calls = serve(() => reply('/groups', 'post', 201, { success: true, group: makeGroup({ id: 44, name: 'Komediakerho' }) }));
    const { user, router } = render();
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    expect(screen.getByText('Please give the group a name.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('Name'), '  Komediakerho ');
    await user.type(screen.getByLabelText('Description'), ' Naurua joka viikko. ');
    await user.click(screen.getByRole('radio', { name: 'Green' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Comedy' }));
    await user.click(screen.getByRole('radio', { name: /Private/ }));
    await user.click(screen.getByRole('button', { name: 'Create Group' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/groups/44'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Komediakerho',
      description: 'Naurua joka viikko.',
      visibility: 'private',
      theme_id: 2,
      tags: [35],
    });
    expect(await screen.findByText('Group created. Welcome to your new group!')).toBeInTheDocument();
  });

  it('turns into the login prompt when the session has ended (401)', async () => {
    logIn();
    serve(() => ({ status: 401, body: { success: false, code: 'unauthorized', message: 'Login required' } }));
    const { user } = render();
    await user.type(screen.getByLabelText('Name'), 'Kerho');
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    expect(await screen.findByText('You must be logged in to create a group.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login / Sign In' })).toBeInTheDocument();
  });

  it.each([
    [{ status: 409, body: { success: false, code: 'group_name_taken', message: 'A group with this name already exists.' } }, 'A group with this name already exists.'],
    [{ status: 500 }, 'Failed to create group.'],
  ])('says why creating failed (%#)', async (answer, text) => {
    logIn();
    serve(() => answer);
    const { user } = render();
    await user.type(screen.getByLabelText('Name'), 'Kerho');
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});
