// What the management panel offers a viewer (PRODUCT-SPEC §5, §6). The server decides in the
// end; these rules only decide which buttons to show, so nobody is offered a certain refusal.
import type { components } from '@/api/schema';
import { isManagerRole, isMemberRole, type Role } from './viewer';

export type Visibility = components['schemas']['GroupVisibility'];

export type PanelCapabilities = {
  /** Nobody in the group yet: "join" for public groups, "request" for private ones. */
  join: 'join' | 'request' | null;
  /** A pending request can be withdrawn. */
  withdraw: boolean;
  /** Members and moderators leave; the owner cannot. */
  leave: boolean;
  /** Members, moderators and the owner. */
  viewMembers: boolean;
  /** The group favorites and the group activity. */
  viewContent: boolean;
  /** Add and remove group favorites. */
  manageFavorites: boolean;
  /** See, approve and decline join requests: the owner, and moderators of private groups. */
  answerRequests: boolean;
  /** Promote and demote. */
  changeRoles: boolean;
  /** Hand the group over to another member. */
  transfer: boolean;
  edit: boolean;
  delete: boolean;
  /** The moderation log tab. */
  readModlog: boolean;
};

/** The panel for a viewer with `role` in a group with `visibility`; `signedIn` false → nothing to do. */
export function panelCapabilities(role: Role, visibility: Visibility, signedIn = true): PanelCapabilities {
  const owner = role === 'owner';
  const manager = isManagerRole(role);
  return {
    join: signedIn && role === 'none' ? (visibility === 'private' ? 'request' : 'join') : null,
    withdraw: role === 'pending',
    leave: role === 'member' || role === 'moderator',
    viewMembers: isMemberRole(role),
    viewContent: isMemberRole(role),
    manageFavorites: manager,
    // A public group takes joiners at once; a moderator's request list is a private-group thing.
    answerRequests: owner || (role === 'moderator' && visibility === 'private'),
    changeRoles: owner,
    transfer: owner,
    edit: owner,
    delete: owner,
    readModlog: manager,
  };
}

/** Why removing this member is refused, or null when it is allowed (PRODUCT-SPEC §5). */
export type RemoveRefusal = 'self' | 'not-allowed';

/**
 * The owner removes anyone except the owner and themself; a moderator only plain members;
 * nobody removes themself here ("Use the leave button to remove yourself.").
 */
export function removeRefusal(actor: Role, target: Role, isSelf: boolean): RemoveRefusal | null {
  if (isSelf) return 'self';
  if (target === 'owner') return 'not-allowed';
  if (actor === 'owner') return target === 'member' || target === 'moderator' || target === 'pending' ? null : 'not-allowed';
  if (actor === 'moderator') return target === 'member' || target === 'pending' ? null : 'not-allowed';
  return 'not-allowed';
}

export type MemberActions = { remove: boolean; promote: boolean; demote: boolean; makeOwner: boolean };

/** The buttons beside one member in the members dialog. */
export function memberActions(actor: Role, target: Role, isSelf: boolean): MemberActions {
  const owner = actor === 'owner' && !isSelf;
  return {
    remove: removeRefusal(actor, target, isSelf) === null,
    promote: owner && target === 'member',
    demote: owner && target === 'moderator',
    makeOwner: owner && (target === 'member' || target === 'moderator'),
  };
}
