import { screen, within } from '@testing-library/react';
import { makeGroup, makeMember } from '../testing/group-fixtures';
import { OWNER, makeWorld, serveGroup, type World } from '../testing/fake-group-api';
import { renderGroupPage } from '../testing/render-group';

const ME = { id: 7, username: 'kaisa' };

function panel() {
  return screen.findByRole('region', { name: 'Your membership' });
}

function withMe(world: World, role: 'member' | 'moderator') {
  world.members.push(makeMember(ME.id, ME.username, role));
  return world;
}

describe('the management panel (PRODUCT-SPEC §4, §6, §8)', { timeout: 15_000 }, () => {
  it('lets a user join a public group at once', async () => {
    const world = makeWorld({}, ME);
    const calls = serveGroup(world);
    const { user } = renderGroupPage();
    const box = await panel();
    expect(box).toHaveTextContent('Join to see the group’s favorites');
    await user.click(within(box).getByRole('button', { name: 'Join Group' }));
    expect(await screen.findByText('You have joined the group.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/groups/12/join')).toBe(true);
    // Now a member: the favorites and the Leave button.
    expect(await within(box).findByRole('button', { name: 'Leave Group' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Group Favorites' })).toBeInTheDocument();
  });

  it('sends a join request for a private group; the request can be withdrawn', async () => {
    const world = makeWorld({ group: makeGroup({ owner_id: OWNER.id, visibility: 'private' }) }, ME);
    serveGroup(world);
    const { user } = renderGroupPage();
    const box = await panel();
    expect(box).toHaveTextContent('This group is private');
    await user.click(within(box).getByRole('button', { name: 'Request to Join' }));
    expect(await screen.findByText('Join request sent. Please wait for approval.')).toBeInTheDocument();
    expect(await within(box).findByText('Your join request is waiting for approval.')).toBeInTheDocument();
    // Pending is no member: still the notice, not the favorites.
    expect(screen.getByText('This group’s favorites and activity are visible to members only.')).toBeInTheDocument();

    await user.click(within(box).getByRole('button', { name: 'Withdraw Request' }));
    expect(await screen.findByText('Join request withdrawn.')).toBeInTheDocument();
    expect(await within(box).findByRole('button', { name: 'Request to Join' })).toBeInTheDocument();
    expect(world.pending).toEqual([]);
  });

  it('counts a request that is already gone as withdrawn (404)', async () => {
    const world = makeWorld({ group: makeGroup({ visibility: 'private' }) }, ME);
    world.pending.push({ user_id: ME.id, username: ME.username, requested_at: '2025-10-16T09:00:00Z' });
    world.fail['DELETE /groups/12/request-join'] = { status: 404, body: { success: false, code: 'no_pending_request', message: 'No pending request.' } };
    serveGroup(world);
    const { user } = renderGroupPage();
    await user.click(await within(await panel()).findByRole('button', { name: 'Withdraw Request' }));
    expect(await screen.findByText('Join request withdrawn.')).toBeInTheDocument();
  });

  it.each([
    ['already_pending', 'Join request is already pending.'],
    ['already_member', 'You are already a member of this group.'],
    ['already_owner', 'You already own this group.'],
  ])('treats %s as a state, not a failure', async (code, text) => {
    const world = makeWorld({}, ME);
    world.fail['POST /groups/12/join'] = { status: 409, body: { success: false, code, message: 'x' } };
    serveGroup(world);
    const { user } = renderGroupPage();
    await user.click(within(await panel()).getByRole('button', { name: 'Join Group' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server’s words, else the general failure, when joining fails', async () => {
    const world = makeWorld({}, ME);
    world.fail['POST /groups/12/join'] = { status: 500, body: { success: false, code: 'internal_error', message: 'boom' } };
    serveGroup(world);
    const { user } = renderGroupPage();
    await user.click(within(await panel()).getByRole('button', { name: 'Join Group' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to join or request to join group.');
  });

  it('lets a member leave after a confirmation', async () => {
    const world = withMe(makeWorld({}, ME), 'member');
    serveGroup(world);
    const { user } = renderGroupPage();
    const box = await panel();
    expect(box).toHaveTextContent('You are a member of this group.');
    expect(within(box).queryByRole('button', { name: 'Edit Group' })).not.toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: 'Delete Group' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Join requests' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Moderation log' })).not.toBeInTheDocument();

    await user.click(within(box).getByRole('button', { name: 'Leave Group' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Leave group' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('You have left the group.')).toBeInTheDocument();
    expect(await within(box).findByRole('button', { name: 'Join Group' })).toBeInTheDocument();
    expect(await screen.findByText('This group’s favorites and activity are visible to members only.')).toBeInTheDocument();
  });

  it('says Failed to leave group. when leaving fails', async () => {
    const world = withMe(makeWorld({}, ME), 'member');
    world.fail['DELETE /groups/12/leave'] = { status: 500 };
    serveGroup(world);
    const { user } = renderGroupPage();
    await user.click(within(await panel()).getByRole('button', { name: 'Leave Group' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to leave group.');
  });

  it('gives the owner edit, delete, the requests and the log, but no Leave', async () => {
    const world = makeWorld({ group: makeGroup({ owner_id: ME.id, visibility: 'private' }) }, ME);
    world.members = [makeMember(ME.id, ME.username, 'owner')];
    world.pending = [{ user_id: 9, username: 'ville', requested_at: '2025-10-16T09:00:00Z' }];
    serveGroup(world);
    const { user } = renderGroupPage();
    const box = await panel();
    expect(box).toHaveTextContent('You own this group.');
    expect(within(box).queryByRole('button', { name: 'Leave Group' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Moderation log' })).toBeInTheDocument();

    const requests = await within(box).findByRole('list', { name: 'Join requests' });
    await user.click(within(requests).getByRole('button', { name: 'Approve the join request of ville' }));
    expect(await screen.findByText('Request approved.')).toBeInTheDocument();
    expect(await within(box).findByText('No pending requests.')).toBeInTheDocument();
    expect(world.members.map((m) => m.username)).toContain('ville');
  });

  it('lets a moderator decline a request, with the failure toast when it fails', async () => {
    const world = withMe(makeWorld({ group: makeGroup({ owner_id: OWNER.id, visibility: 'private' }) }, ME), 'moderator');
    world.pending = [
      { user_id: 9, username: 'ville', requested_at: '2025-10-16T09:00:00Z' },
      { user_id: 10, username: 'aino', requested_at: '2025-10-16T09:00:00Z' },
    ];
    world.fail['DELETE /groups/12/members/10'] = { status: 500 };
    serveGroup(world);
    const { user } = renderGroupPage();
    const box = await panel();
    await user.click(await within(box).findByRole('button', { name: 'Decline the join request of ville' }));
    expect(await screen.findByText('Request declined.')).toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: 'Decline the join request of aino' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to decline request.');
    expect(world.pending.map((r) => r.username)).toEqual(['aino']);
  });

  it('deletes the group after a confirmation and goes to /groups', async () => {
    const world = makeWorld({ group: makeGroup({ owner_id: ME.id }) }, ME);
    serveGroup(world);
    const { user, router } = renderGroupPage();
    await user.click(within(await panel()).getByRole('button', { name: 'Delete Group' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete group' });
    expect(dialog).toHaveTextContent('Delete “Kauhukerho”?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/groups'));
    expect(await screen.findByText('Group deleted successfully.')).toBeInTheDocument();
    expect(world.deleted).toBe(true);
  });

  it('says Failed to delete group. and stays when deleting fails', async () => {
    const world = makeWorld({ group: makeGroup({ owner_id: ME.id }) }, ME);
    world.fail['DELETE /groups/12'] = { status: 500 };
    serveGroup(world);
    const { user, router } = renderGroupPage();
    await user.click(within(await panel()).getByRole('button', { name: 'Delete Group' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete group.');
    expect(router.state.location.pathname).toBe('/groups/12');
  });
});
