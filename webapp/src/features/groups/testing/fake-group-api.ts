import type { Group, GroupMember, ModlogEntry, PendingRequest } from '@/api/groups/types';
import type { WatchParty } from '@/api/parties';
import type { components } from '@/api/schema';
import { logIn, mockApi, testUser } from '@/testing/render';
import { failure, makeGroup, makeMember, reply } from './group-fixtures';

type Favorite = components['schemas']['Favorite'];
type Review = components['schemas']['Review'];

/** One group on a pretend server, as a test sets it up and as the calls change it. */
export type World = {
  group: Group;
  /** The signed-in user (none: a visitor). */
  viewer: { id: number; username: string } | null;
  members: GroupMember[];
  pending: PendingRequest[];
  favorites: Favorite[];
  reviews: Review[];
  modlog: ModlogEntry[];
  deleted: boolean;
  /** The group's watch parties (upcoming and past, told apart by `past`). */
  parties: WatchParty[];
  /** The calendar feed token, when the group has one. */
  feed: string | null;
  /** Replies that replace the server's answer, by "METHOD /path". */
  fail: Record<string, { status: number; body?: unknown }>;
};

export const OWNER = { id: 1, username: 'omistaja' };

/** A public group owned by OWNER with the given members besides the owner; logs `viewer` in. */
export function makeWorld(overrides: Partial<World> = {}, viewer: World['viewer'] = { id: testUser.id, username: testUser.username }): World {
  const world: World = {
    group: makeGroup({ owner_id: OWNER.id, owner_name: OWNER.username }),
    viewer,
    members: [makeMember(OWNER.id, OWNER.username, 'owner')],
    pending: [],
    favorites: [],
    reviews: [],
    modlog: [],
    deleted: false,
    parties: [],
    feed: null,
    fail: {},
    ...overrides,
  };
  if (viewer) logIn({ ...testUser, id: viewer.id, username: viewer.username });
  return world;
}

function roleOf(world: World, userId: number | undefined): Group['role'] {
  if (userId === undefined) return 'none';
  if (userId === world.group.owner_id) return 'owner';
  if (world.pending.some((request) => request.user_id === userId)) return 'pending';
  return world.members.find((member) => member.id === userId)?.role ?? 'none';
}

/** The group as the viewer gets it: their role and flags, members only for members. */
export function groupFor(world: World): Group {
  const role = roleOf(world, world.viewer?.id);
  const isMember = role === 'owner' || role === 'moderator' || role === 'member';
  return {
    ...world.group,
    member_count: world.members.length,
    role,
    is_owner: role === 'owner',
    is_member: isMember,
    members: isMember ? world.members : undefined,
  };
}

const forbidden = failure(403, 'members_only', 'You need to be in the group to view members.');

/** Serves the group calls from `world` (and changes it as the real server would). */
export function serveGroup(world: World) {
  return mockApi(({ method, path, query, body }) => {
    const forced = world.fail[`${method} ${path}`];
    if (forced) return forced;
    const id = world.group.id;
    const viewerId = world.viewer?.id;
    const role = roleOf(world, viewerId);
    const isMember = role === 'owner' || role === 'moderator' || role === 'member';
    const page = <T>(items: T[]) => {
      const limit = Number(query.get('limit') ?? 20);
      const offset = Number(query.get('offset') ?? 0);
      return { items: items.slice(offset, offset + limit), pagination: { total: items.length, limit, offset, hasMore: offset + limit < items.length } };
    };

    if (method === 'GET' && path === '/tmdb/genres') {
      return reply('/tmdb/genres', 'get', 200, {
        success: true,
        genres: [
          { id: 27, name: 'Horror' },
          { id: 53, name: 'Thriller' },
          { id: 35, name: 'Comedy' },
        ],
      });
    }
    if (method === 'GET' && path === '/groups/themes') {
      return reply('/groups/themes', 'get', 200, {
        success: true,
        themes: [1, 2, 3, 4].map((themeId) => ({ id: themeId, name: ['Blue', 'Green', 'Purple', 'Orange'][themeId - 1] ?? '' })),
      });
    }
    const partyPath = /^\/parties\/(\d+)\/(rsvp|confirm|cancel)$/.exec(path);
    if (partyPath && world.viewer) {
      const party = world.parties.find((p) => p.id === Number(partyPath[1]));
      if (!party) return failure(404, 'party_not_found', 'Watch party not found.');
      if (partyPath[2] === 'rsvp') {
        const answer = (body as { answer: WatchParty['answers'][number]['answer'] }).answer;
        const others = party.answers.filter((a) => a.user_id !== world.viewer?.id);
        party.answers = [...others, { user_id: world.viewer.id, username: world.viewer.username, answer }];
        party.my_answer = answer;
        party.counts = {
          going: party.answers.filter((a) => a.answer === 'going').length,
          maybe: party.answers.filter((a) => a.answer === 'maybe').length,
          not_going: party.answers.filter((a) => a.answer === 'not_going').length,
        };
      } else if (partyPath[2] === 'confirm') {
        Object.assign(party, { status: 'scheduled', can_confirm: false });
      } else {
        const reason = (body as { reason?: string }).reason ?? '';
        Object.assign(party, { status: 'cancelled', cancel_reason: reason, can_answer: false, can_confirm: false, can_cancel: false });
      }
      return reply('/parties/{party_id}/rsvp', 'put', 200, { success: true, party });
    }
    if (world.deleted || !path.match(new RegExp(`/${id}(/|$)`))) return failure(404, 'group_not_found', 'Group not found');

    if (method === 'GET' && path === `/groups/${id}`) return reply('/groups/{id}', 'get', 200, { success: true, group: groupFor(world) });
    if (method === 'PUT' && path === `/groups/${id}`) {
      world.group = { ...world.group, ...(body as Partial<Group>) };
      return reply('/groups/{id}', 'put', 200, { success: true, group: groupFor(world) });
    }
    if (method === 'DELETE' && path === `/groups/${id}`) {
      world.deleted = true;
      return { status: 204 };
    }
    if (method === 'POST' && (path === `/groups/${id}/join` || path === `/groups/${id}/request-join`) && world.viewer) {
      if (role === 'pending') return failure(409, 'already_pending', 'Join request is already pending.');
      if (isMember) return failure(409, 'already_member', 'You are already a member of this group.');
      if (world.group.visibility === 'private') {
        world.pending.push({ user_id: world.viewer.id, username: world.viewer.username, requested_at: '2025-10-16T09:00:00Z' });
        return reply('/groups/{id}/request-join', 'post', 201, { success: true, role: 'pending' });
      }
      world.members.push(makeMember(world.viewer.id, world.viewer.username, 'member'));
      return reply('/groups/{id}/join', 'post', 201, { success: true, role: 'member' });
    }
    if (method === 'DELETE' && path === `/groups/${id}/request-join`) {
      if (role !== 'pending') return failure(404, 'no_pending_request', 'No pending request.');
      world.pending = world.pending.filter((request) => request.user_id !== viewerId);
      return { status: 204 };
    }
    if (method === 'DELETE' && path === `/groups/${id}/leave`) {
      if (role === 'owner') return failure(409, 'owner_cannot_leave', 'The owner cannot leave the group.');
      if (role === 'none' || role === 'pending') return failure(404, 'not_member', 'Not a member.');
      world.pending = world.pending.filter((request) => request.user_id !== viewerId);
      world.members = world.members.filter((member) => member.id !== viewerId);
      return { status: 204 };
    }
    if (method === 'GET' && path === `/groups/${id}/members`) {
      return isMember ? reply('/groups/{id}/members', 'get', 200, { success: true, members: world.members }) : forbidden;
    }
    if (method === 'GET' && path === `/groups/${id}/pending-requests`) {
      return reply('/groups/{id}/pending-requests', 'get', 200, { success: true, pendingRequests: world.pending });
    }
    const memberPath = new RegExp(`^/groups/${id}/members/(\\d+)(/approve|/role)?$`).exec(path);
    if (memberPath) {
      const userId = Number(memberPath[1]);
      const request = world.pending.find((r) => r.user_id === userId);
      if (method === 'PUT' && memberPath[2] === '/approve' && request) {
        world.pending = world.pending.filter((r) => r !== request);
        const member = makeMember(userId, request.username, 'member');
        world.members.push(member);
        return reply('/groups/{id}/members/{userId}/approve', 'put', 200, { success: true, member });
      }
      if (method === 'DELETE') {
        world.pending = world.pending.filter((r) => r.user_id !== userId);
        world.members = world.members.filter((m) => m.id !== userId);
        return { status: 204 };
      }
      if (method === 'PUT' && memberPath[2] === '/role') {
        const next = (body as { role: GroupMember['role'] }).role;
        world.members = world.members.map((m) => (m.id === userId ? { ...m, role: next } : m));
        return { status: 200, body: { success: true, member: world.members.find((m) => m.id === userId) } };
      }
    }
    if (method === 'PUT' && path === `/groups/${id}/owner`) {
      const heir = (body as { user_id: number }).user_id;
      const oldOwner = world.group.owner_id;
      world.members = world.members.map((m) => (m.id === heir ? { ...m, role: 'owner' } : m.id === oldOwner ? { ...m, role: 'moderator' } : m));
      world.group = { ...world.group, owner_id: heir, owner_name: world.members.find((m) => m.id === heir)?.username ?? '' };
      return reply('/groups/{id}/owner', 'put', 200, { success: true, group: groupFor(world) });
    }
    if (method === 'GET' && path === `/favorites/group/${id}`) {
      if (!isMember) return failure(403, 'members_only', 'This group’s favorites and activity are visible to members only.');
      const { items, pagination } = page(world.favorites);
      return reply('/favorites/group/{groupId}', 'get', 200, { success: true, data: items, pagination });
    }
    const favoritePath = new RegExp(`^/favorites/(\\d+)/3/group/${id}$`).exec(path);
    if (method === 'DELETE' && favoritePath) {
      world.favorites = world.favorites.filter((favorite) => favorite.tmdb_id !== Number(favoritePath[1]));
      return { status: 204 };
    }
    if (method === 'GET' && path === `/reviews/group/${id}`) {
      if (!isMember) return failure(403, 'members_only', 'This group’s favorites and activity are visible to members only.');
      const { items, pagination } = page(world.reviews);
      return reply('/reviews/group/{group_id}', 'get', 200, { success: true, data: { reviews: items, pagination: { ...pagination, nextCursor: null } } });
    }
    if (method === 'GET' && path === `/groups/${id}/parties`) {
      if (world.group.visibility === 'private' && !isMember) return failure(403, 'members_only', 'This group’s watch parties are visible to members only.');
      const past = query.get('when') === 'past';
      return reply('/groups/{id}/parties', 'get', 200, { success: true, parties: world.parties.filter((p) => p.past === past) });
    }
    if (path === `/groups/${id}/calendar-token`) {
      if (method === 'POST') world.feed = `feed${world.feed ? world.feed.length : 0}`.padEnd(32, '0');
      if (method === 'DELETE') {
        world.feed = null;
        return { status: 204 };
      }
      const token = world.feed;
      return reply('/groups/{id}/calendar-token', 'get', 200, {
        success: true,
        token,
        path: token ? `/api/calendar/groups/${token}.ics` : null,
      });
    }
    if (method === 'GET' && path === `/groups/${id}/modlog`) {
      const { items, pagination } = page(world.modlog);
      return reply('/groups/{id}/modlog', 'get', 200, { success: true, entries: items, pagination });
    }
    return failure(404, 'not_found', `no fake for ${method} ${path}`);
  });
}
