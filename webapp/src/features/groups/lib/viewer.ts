// Who the signed-in viewer is in a group (PRODUCT-SPEC §4): the role, and whether they count
// as a member (members, moderators and the owner see the favorites, activity and members).
import type { components } from '@/api/schema';

/** The API's role values: owner, moderator, member, pending, none. */
export type Role = components['schemas']['GroupRole'];

export const ROLES = ['owner', 'moderator', 'member', 'pending', 'none'] as const satisfies readonly Role[];

/** A role the API spells, or null for anything else (a missing or unknown value). */
export function parseRole(raw: unknown): Role | null {
  return typeof raw === 'string' && (ROLES as readonly string[]).includes(raw) ? (raw as Role) : null;
}

/** Members, moderators and the owner; a pending request never counts (PRODUCT-SPEC §4). */
export function isMemberRole(role: Role): boolean {
  return role === 'member' || role === 'moderator' || role === 'owner';
}

/** The owner and moderators run the group: requests, plain members, group favorites, the log. */
export function isManagerRole(role: Role): boolean {
  return role === 'moderator' || role === 'owner';
}

/** What the group record may say about the viewer; every field may be missing. */
export type ViewerRecord = {
  owner_id?: number | null;
  role?: string | null;
  is_member?: boolean | null;
  is_owner?: boolean | null;
  members?: readonly { id: number; role: string }[] | null;
};

export type Viewer = {
  role: Role;
  isMember: boolean;
  isOwner: boolean;
  /**
   * False when the record said nothing about the viewer (no role, no flags, no member list):
   * only then is the viewer's own group list asked (PRODUCT-SPEC §4 "else a membership lookup").
   */
  known: boolean;
};

const VISITOR: Viewer = { role: 'none', isMember: false, isOwner: false, known: true };

/**
 * The viewer's role and flags from the group record: the record's role, else the member
 * list (matched by id), else owner_id. The owner is recognised by role, is_owner or owner_id;
 * a member by role, is_member or is_owner; pending is never a member.
 */
export function deriveViewer(group: ViewerRecord, viewerId: number | null): Viewer {
  if (viewerId === null) return VISITOR;
  const listed = group.members?.find((member) => member.id === viewerId);
  const ownerById = group.owner_id !== undefined && group.owner_id !== null && group.owner_id === viewerId;
  const isOwner = group.is_owner === true || parseRole(group.role) === 'owner' || listed?.role === 'owner' || ownerById;

  let role: Role | null = parseRole(group.role) ?? parseRole(listed?.role);
  if (isOwner) role = 'owner';
  if (role === 'pending') return { role, isMember: false, isOwner: false, known: true };

  const isMember = isOwner || group.is_member === true || (role !== null && isMemberRole(role));
  // is_member without a role: a member whose exact rank the record does not give.
  if (role === null && isMember) role = 'member';
  const known = role !== null || typeof group.is_member === 'boolean' || Array.isArray(group.members);
  return { role: role ?? 'none', isMember, isOwner, known };
}

/**
 * The membership lookup's answer: the viewer's groups include this one → a member with role
 * member (the lookup does not give the rank); otherwise not a member.
 */
export function viewerFromLookup(groupId: number, viewerGroupIds: readonly number[]): Viewer {
  return viewerGroupIds.includes(groupId) ? { role: 'member', isMember: true, isOwner: false, known: true } : { ...VISITOR };
}

/**
 * After the group changed (PRODUCT-SPEC §4): the answer drops the viewer (is_member false,
 * role none or pending, or a member list without them) → a non-member with the members-only
 * data cleared; otherwise the new flags are merged into what was known and the group is
 * refetched.
 */
export function viewerAfterUpdate(
  result: ViewerRecord,
  viewerId: number | null,
  previous: Viewer,
): { viewer: Viewer; clearMemberData: boolean } {
  const role = parseRole(result.role);
  const droppedFromList = Array.isArray(result.members) && viewerId !== null && !result.members.some((m) => m.id === viewerId);
  const dropped = result.is_member === false || role === 'none' || role === 'pending' || droppedFromList;
  if (viewerId === null || dropped) {
    return { viewer: { ...VISITOR, role: role === 'pending' ? 'pending' : 'none' }, clearMemberData: true };
  }
  const derived = deriveViewer(result, viewerId);
  if (!derived.known) return { viewer: previous, clearMemberData: false };
  return { viewer: derived, clearMemberData: false };
}
