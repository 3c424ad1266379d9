// The cached membership hint of PRODUCT-SPEC §3/§4: per group and user in local storage, good
// for 24 hours. It lets the group page start loading members-only data alongside the group
// itself on a return visit; the group record always has the last word.
import { parseRole, type Role } from './viewer';

/** PRODUCT-SPEC §9: membership cache 24 hours. */
export const HINT_TTL_MS = 24 * 60 * 60 * 1000;

const PREFIX = 'groupMembership';

export function hintKey(groupId: number, userId: number): string {
  return `${PREFIX}:${groupId}:${userId}`;
}

type StoredHint = { role: Role; at: number };

/** The remembered role, or null when there is none, it is older than 24 hours or unreadable. */
export function readMembershipHint(groupId: number, userId: number, now = Date.now()): Role | null {
  const key = hintKey(groupId, userId);
  let raw: string | null;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return null;
  }
  if (!raw) return null;
  let hint: Partial<StoredHint> | null = null;
  try {
    hint = JSON.parse(raw) as Partial<StoredHint>;
  } catch {
    hint = null;
  }
  const role = parseRole(hint?.role);
  const at = typeof hint?.at === 'number' ? hint.at : Number.NaN;
  // A time in the future (a changed clock) is as untrustworthy as an old one.
  if (role === null || !(now - at >= 0 && now - at < HINT_TTL_MS)) {
    forgetMembershipHint(groupId, userId);
    return null;
  }
  return role;
}

/** Remembers the viewer's role; "none" is not worth remembering and clears the hint. */
export function writeMembershipHint(groupId: number, userId: number, role: Role, now = Date.now()) {
  if (role === 'none') {
    forgetMembershipHint(groupId, userId);
    return;
  }
  try {
    localStorage.setItem(hintKey(groupId, userId), JSON.stringify({ role, at: now } satisfies StoredHint));
  } catch {
    // Storage full or blocked: the hint is only a head start.
  }
}

export function forgetMembershipHint(groupId: number, userId: number) {
  try {
    localStorage.removeItem(hintKey(groupId, userId));
  } catch {
    // Nothing to forget.
  }
}
