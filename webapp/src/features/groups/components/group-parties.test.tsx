import { screen, within } from '@testing-library/react';
import { makeGroup, makeMember } from '../testing/group-fixtures';
import { OWNER, makeWorld, serveGroup } from '../testing/fake-group-api';
import { makeParty } from '../testing/party-fixtures';
import { renderGroupPage } from '../testing/render-group';

const ME = { id: 7, username: 'kaisa' };

function section() {
  return screen.findByTestId('group-parties');
}

describe('the group page’s watch parties (issue 13 §1)', { timeout: 15_000 }, () => {
  it('lets a member answer and shows who comes and the counts', async () => {
    const world = makeWorld({ parties: [makeParty()] }, ME);
    world.members.push(makeMember(ME.id, ME.username, 'member'));
    const calls = serveGroup(world);
    const { user } = renderGroupPage();
    const box = await section();
    expect(within(box).getByRole('heading', { name: 'Upcoming watch parties' })).toBeInTheDocument();
    const party = await within(box).findByTestId('party');
    expect(party).toHaveTextContent('Dyyni: Osa kaksi');
    expect(party).toHaveTextContent('Tennispalatsi, Helsinki, sali 7');
    expect(party).toHaveTextContent('Lobby bar at 19:00');
    expect(party).toHaveTextContent('0 going · 0 maybe · 0 not going');
    expect(within(party).getByRole('button', { name: 'Add to calendar (.ics)' })).toBeInTheDocument();

    await user.click(within(party).getByRole('button', { name: 'Going' }));
    expect(await within(party).findByText('1 going · 0 maybe · 0 not going')).toBeInTheDocument();
    expect(within(party).getByText('Going: kaisa')).toBeInTheDocument();
    expect(within(party).getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.some((c) => c.method === 'PUT' && c.path === '/parties/31/rsvp' && (c.body as { answer: string }).answer === 'going')).toBe(true);
    // A member is no manager: no confirm, no cancel, no feed.
    expect(within(box).queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(within(box).queryByTestId('calendar-feed')).toBeNull();
  });

  it('lets a manager confirm a proposal and cancel with a reason members see', async () => {
    const proposal = makeParty({ status: 'proposed', can_confirm: true, can_cancel: true, created_by_name: 'pekka' });
    const world = makeWorld({ parties: [proposal] }, OWNER);
    serveGroup(world);
    const { user } = renderGroupPage();
    const party = await within(await section()).findByTestId('party');
    expect(party).toHaveTextContent('Proposed');
    await user.click(within(party).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Watch party confirmed')).toBeInTheDocument();
    expect(world.parties[0]?.status).toBe('scheduled');

    await user.click(within(party).getByRole('button', { name: 'Cancel party' }));
    await user.type(within(party).getByLabelText('Reason (members see it)'), 'Sold out');
    await user.click(within(party).getByRole('button', { name: 'Cancel the party' }));
    expect(await within(party).findByText('Cancelled: Sold out')).toBeInTheDocument();
    expect(world.parties[0]?.cancel_reason).toBe('Sold out');
  });

  it('gives managers the calendar feed URL to create, rotate and revoke', async () => {
    const world = makeWorld({}, OWNER);
    serveGroup(world);
    const { user } = renderGroupPage();
    const feed = await within(await section()).findByTestId('calendar-feed');
    await user.click(await within(feed).findByRole('button', { name: 'Create a calendar feed' }));
    const url = await within(feed).findByRole('textbox', { name: 'Calendar feed address' });
    const first = (url as HTMLInputElement).value;
    expect(first).toMatch(/\/api\/calendar\/groups\/feed0+\.ics$/);
    await user.click(within(feed).getByRole('button', { name: 'New address' }));
    await vi.waitFor(() => expect((within(feed).getByRole('textbox') as HTMLInputElement).value).not.toBe(first));
    await user.click(within(feed).getByRole('button', { name: 'Revoke' }));
    expect(await within(feed).findByRole('button', { name: 'Create a calendar feed' })).toBeInTheDocument();
    expect(world.feed).toBeNull();
  });

  it('shows past parties behind a toggle and hides a private group’s parties from outsiders', async () => {
    const world = makeWorld({ parties: [makeParty({ id: 40, past: true, can_answer: false, show: { ...makeParty().show, title: 'Vanha elokuva' } })] }, ME);
    world.members.push(makeMember(ME.id, ME.username, 'member'));
    serveGroup(world);
    const { user } = renderGroupPage();
    const box = await section();
    expect(await within(box).findByText('No watch parties planned yet. Plan one from a show on the Showtimes page.')).toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: 'Past parties' }));
    expect(await within(box).findByText('Vanha elokuva')).toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: 'Going' })).toBeNull();
  });

  it('renders nothing for an outsider of a private group', async () => {
    const world = makeWorld({ group: makeGroup({ owner_id: OWNER.id, visibility: 'private' }), parties: [makeParty()] }, ME);
    const calls = serveGroup(world);
    renderGroupPage();
    expect(await screen.findByRole('heading', { name: 'Kauhukerho' })).toBeInTheDocument();
    expect(screen.queryByTestId('group-parties')).toBeNull();
    expect(calls.some((c) => c.path === '/groups/12/parties')).toBe(false);
  });
});
