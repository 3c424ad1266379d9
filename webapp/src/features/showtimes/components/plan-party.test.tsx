import { screen } from '@testing-library/react';
import { logIn, mockApi, renderWithProviders, testUser } from '@/testing/render';
import { toShowView } from '../api/to-show-view';
import { makeShow } from '../testing/showtime-fixtures';
import { PlanPartyButton, PlanPartyDialog } from './plan-party';

const show = toShowView(makeShow({ title: 'Dyyni', start: '2026-11-27T17:30:00Z', tmdbId: 777 }) as never);

function group(id: number, name: string, role: string) {
  return { id, name, role, visibility: 'private', owner_id: 1, owner_name: 'o', member_count: 3, description: '', theme_id: 1, tags: [], genres: [], genre_tags: [], poster_url: null, created_at: '2026-01-01T00:00:00Z', is_member: role !== 'pending', is_owner: role === 'owner' };
}

function server() {
  return mockApi(({ method, path, body }) => {
    if (method === 'GET' && path === `/groups/user/${testUser.id}/groups`) {
      return { status: 200, body: { success: true, groups: [group(5, 'Kauhuklubi', 'member'), group(6, 'Leffaporukka', 'moderator'), group(7, 'Odottavat', 'pending')] } };
    }
    if (method === 'POST' && /^\/groups\/\d+\/parties$/.test(path)) {
      const groupId = Number(path.split('/')[2]);
      const status = groupId === 5 ? 'proposed' : 'scheduled';
      return { status: 201, body: { success: true, party: { id: 9, group_id: groupId, group_name: groupId === 5 ? 'Kauhuklubi' : 'Leffaporukka', status, sent: body } } };
    }
    return { status: 404, body: { success: false, code: 'not_found', message: 'no fake' } };
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('planning a watch party from a show (issue 13 §1)', () => {
  it('offers the groups the user is in; a member’s party is a proposal', async () => {
    logIn();
    const calls = server();
    const { user } = renderWithProviders(<PlanPartyDialog show={show} userId={testUser.id} onClose={() => {}} />);
    const select = await screen.findByRole('combobox', { name: 'Group' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Kauhuklubi', 'Leffaporukka']);
    expect(screen.getByText('You are a member: the owner or a moderator confirms your proposal.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Meeting note' }), 'Lobby at 19');
    await user.click(screen.getByRole('button', { name: 'Propose' }));
    expect(await screen.findByText('Your proposal was sent to Kauhuklubi.')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')?.body as { show: Record<string, unknown>; note: string; rsvp_deadline: string | null };
    expect(sent.note).toBe('Lobby at 19');
    expect(sent.rsvp_deadline).toBeNull();
    expect(sent.show).toMatchObject({ id: show.id, eventId: show.eventId, theatreId: show.theatreId, start: '2026-11-27T17:30:00Z', tmdbId: 777 });
  });

  it('a moderator’s group schedules the party at once, with a deadline', async () => {
    logIn();
    const calls = server();
    const { user } = renderWithProviders(<PlanPartyDialog show={show} area={{ id: 1002, name: 'Helsinki' }} userId={testUser.id} onClose={() => {}} />);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Group' }), 'Leffaporukka');
    await user.type(screen.getByLabelText('RSVP deadline (optional)'), '2026-11-26T12:00');
    await user.click(screen.getByRole('button', { name: 'Create party' }));
    expect(await screen.findByText('The watch party is on in Leffaporukka.')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.path).toBe('/groups/6/parties');
    expect((sent?.body as { rsvp_deadline: string }).rsvp_deadline).toMatch(/^2026-11-26T/);
    expect((sent?.body as { show: Record<string, unknown> }).show).toMatchObject({ areaId: 1002, areaName: 'Helsinki' });
  });

  it('shows the button only to a signed-in user and only for shows to come', () => {
    server();
    const now = new Date('2026-11-24T10:00:00Z');
    const { unmount } = renderWithProviders(<PlanPartyButton show={show} now={now} />);
    expect(screen.queryByRole('button', { name: 'Plan a watch party: Dyyni' })).toBeNull();
    unmount();
    logIn();
    renderWithProviders(<PlanPartyButton show={show} now={now} />);
    expect(screen.getByRole('button', { name: 'Plan a watch party: Dyyni' })).toBeInTheDocument();
  });
});
