import { screen, within } from '@testing-library/react';
import { makeGroup, makeMember } from '../testing/group-fixtures';
import { OWNER, makeWorld, serveGroup } from '../testing/fake-group-api';
import { renderGroupPage } from '../testing/render-group';

const ME = { id: 7, username: 'kaisa' };

async function openMembers(user: ReturnType<typeof renderGroupPage>['user']) {
  const box = await screen.findByRole('region', { name: 'Your membership' });
  await user.click(within(box).getByRole('button', { name: 'Members' }));
  const dialog = await screen.findByRole('dialog', { name: 'Members of Kauhukerho' });
  await within(dialog).findByRole('list', { name: 'Members' });
  return dialog;
}

const row = (dialog: HTMLElement, name: string) =>
  within(dialog)
    .getAllByTestId('member-row')
    .find((element) => within(element).queryByRole('link', { name }) !== null) as HTMLElement;

describe('the members dialog (PRODUCT-SPEC §4–6)', { timeout: 15_000 }, () => {
  it('gives the owner promote, demote, remove and ownership, never on themself', async () => {
    const world = makeWorld({ group: makeGroup({ owner_id: ME.id }) }, ME);
    world.members = [makeMember(ME.id, ME.username, 'owner'), makeMember(8, 'mod', 'moderator'), makeMember(9, 'ville', 'member')];
    serveGroup(world);
    const { user } = renderGroupPage();
    const dialog = await openMembers(user);

    expect(within(row(dialog, 'kaisa')).queryAllByRole('button')).toHaveLength(0);
    expect(row(dialog, 'kaisa')).toHaveTextContent('(you)');
    expect(within(row(dialog, 'mod')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Make member', 'Make owner', 'Remove']);
    expect(within(row(dialog, 'ville')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Make moderator', 'Make owner', 'Remove']);

    await user.click(within(row(dialog, 'ville')).getByRole('button', { name: 'Promote ville to moderator' }));
    expect(await screen.findByText('Member promoted to moderator.')).toBeInTheDocument();
    await vi.waitFor(() => expect(within(row(dialog, 'ville')).getByRole('button', { name: 'Demote ville to member' })).toBeInTheDocument());

    await user.click(within(row(dialog, 'mod')).getByRole('button', { name: 'Demote mod to member' }));
    expect(await screen.findByText('Moderator demoted to member.')).toBeInTheDocument();
    expect(world.members.find((m) => m.id === 8)?.role).toBe('member');
  });

  it('removes a member after a confirmation', async () => {
    const world = makeWorld({ group: makeGroup({ owner_id: ME.id }) }, ME);
    world.members = [makeMember(ME.id, ME.username, 'owner'), makeMember(9, 'ville', 'member')];
    const calls = serveGroup(world);
    const { user } = renderGroupPage();
    const dialog = await openMembers(user);
    await user.click(within(row(dialog, 'ville')).getByRole('button', { name: 'Remove ville from the group' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove member' });
    expect(confirm).toHaveTextContent('Remove ville from the group?');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Member removed from group.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/groups/12/members/9')).toBe(true);
    await vi.waitFor(() => expect(within(dialog).queryByRole('link', { name: 'ville' })).not.toBeInTheDocument());
    // The members dialog stays open for the next change.
    expect(screen.getByRole('dialog', { name: 'Members of Kauhukerho' })).toBeInTheDocument();
  });

  it('hands the group over: the old owner becomes a moderator', async () => {
    const world = makeWorld({ group: makeGroup({ owner_id: ME.id }) }, ME);
    world.members = [makeMember(ME.id, ME.username, 'owner'), makeMember(9, 'ville', 'member')];
    const calls = serveGroup(world);
    const { user } = renderGroupPage();
    const dialog = await openMembers(user);
    await user.click(within(row(dialog, 'ville')).getByRole('button', { name: 'Make ville the owner' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Transfer ownership' });
    expect(confirm).toHaveTextContent('Make ville the owner of “Kauhukerho”? You will stay on as a moderator.');
    await user.click(within(confirm).getByRole('button', { name: 'Make owner' }));
    expect(await screen.findByText('ville is now the owner of the group.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT' && c.path === '/groups/12/owner')?.body).toEqual({ user_id: 9 });
    const box = screen.getByRole('region', { name: 'Your membership' });
    expect(await within(box).findByText('You are a moderator of this group.')).toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: 'Delete Group' })).not.toBeInTheDocument();
  });

  it('lets a moderator remove only plain members', async () => {
    const world = makeWorld({ group: makeGroup({ owner_id: OWNER.id }) }, ME);
    world.members.push(makeMember(ME.id, ME.username, 'moderator'), makeMember(8, 'mod', 'moderator'), makeMember(9, 'ville', 'member'));
    serveGroup(world);
    const { user } = renderGroupPage();
    const dialog = await openMembers(user);
    expect(within(row(dialog, 'omistaja')).queryAllByRole('button')).toHaveLength(0);
    expect(within(row(dialog, 'mod')).queryAllByRole('button')).toHaveLength(0);
    expect(within(row(dialog, 'ville')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Remove']);
  });

  it('shows a plain member the list without any action', async () => {
    const world = makeWorld({}, ME);
    world.members.push(makeMember(ME.id, ME.username, 'member'), makeMember(9, 'ville', 'member'));
    serveGroup(world);
    const { user } = renderGroupPage();
    const dialog = await openMembers(user);
    expect(within(dialog).getAllByTestId('member-row')).toHaveLength(3);
    expect(within(within(dialog).getByRole('list', { name: 'Members' })).queryAllByRole('button')).toHaveLength(0);
  });

  it('pages the members 5 at a time, owner first', async () => {
    const world = makeWorld({}, ME);
    world.members.push(makeMember(ME.id, ME.username, 'member'));
    for (let i = 0; i < 6; i += 1) world.members.push(makeMember(20 + i, `user${i}`, 'member'));
    serveGroup(world);
    const { user } = renderGroupPage();
    const dialog = await openMembers(user);
    expect(within(dialog).getAllByTestId('member-row')).toHaveLength(5);
    expect(within(dialog).getAllByTestId('member-row')[0]).toHaveTextContent('omistaja');
    expect(within(dialog).getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Next/ }));
    expect(within(dialog).getAllByTestId('member-row')).toHaveLength(3);
  });

  it('says Failed to promote member. when the promotion fails', async () => {
    const world = makeWorld({ group: makeGroup({ owner_id: ME.id }) }, ME);
    world.members = [makeMember(ME.id, ME.username, 'owner'), makeMember(9, 'ville', 'member')];
    world.fail['PUT /groups/12/members/9/role'] = { status: 500 };
    serveGroup(world);
    const { user } = renderGroupPage();
    const dialog = await openMembers(user);
    await user.click(within(row(dialog, 'ville')).getByRole('button', { name: 'Promote ville to moderator' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to promote member.');
  });

  it('says Failed to load members. when the list cannot be loaded', async () => {
    const world = makeWorld({}, ME);
    world.members.push(makeMember(ME.id, ME.username, 'member'));
    world.fail['GET /groups/12/members'] = { status: 500 };
    serveGroup(world);
    const { user } = renderGroupPage();
    const box = await screen.findByRole('region', { name: 'Your membership' });
    await user.click(within(box).getByRole('button', { name: 'Members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Members of Kauhukerho' });
    await vi.waitFor(() => expect(within(dialog).getAllByRole('alert').map((alert) => alert.textContent)).toContain('Failed to load members.'));
  });
});
