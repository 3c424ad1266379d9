import { memberActions, panelCapabilities, removeRefusal } from './capabilities';
import type { Role } from './viewer';

describe('the management panel (PRODUCT-SPEC §6)', () => {
  // Each row: what a role sees in a private group. Columns follow PanelCapabilities.
  const table: [Role, Partial<Record<string, unknown>>][] = [
    ['none', { join: 'request', withdraw: false, leave: false, viewMembers: false, viewContent: false, manageFavorites: false, answerRequests: false, changeRoles: false, transfer: false, edit: false, delete: false, readModlog: false }],
    ['pending', { join: null, withdraw: true, leave: false, viewMembers: false, viewContent: false, manageFavorites: false, answerRequests: false, readModlog: false }],
    ['member', { join: null, withdraw: false, leave: true, viewMembers: true, viewContent: true, manageFavorites: false, answerRequests: false, changeRoles: false, edit: false, delete: false, readModlog: false }],
    ['moderator', { join: null, leave: true, viewMembers: true, viewContent: true, manageFavorites: true, answerRequests: true, changeRoles: false, transfer: false, edit: false, delete: false, readModlog: true }],
    ['owner', { join: null, leave: false, viewMembers: true, viewContent: true, manageFavorites: true, answerRequests: true, changeRoles: true, transfer: true, edit: true, delete: true, readModlog: true }],
  ];

  it.each(table)('%s in a private group', (role, expected) => {
    expect(panelCapabilities(role, 'private')).toMatchObject(expected);
  });

  it('offers Join in public groups and Request to join in private ones', () => {
    expect(panelCapabilities('none', 'public').join).toBe('join');
    expect(panelCapabilities('none', 'private').join).toBe('request');
  });

  it('offers a visitor nothing to do', () => {
    expect(panelCapabilities('none', 'public', false).join).toBeNull();
  });

  it('lets moderators answer requests only in private groups; the owner always', () => {
    expect(panelCapabilities('moderator', 'public').answerRequests).toBe(false);
    expect(panelCapabilities('owner', 'public').answerRequests).toBe(true);
  });
});

describe('removing members (PRODUCT-SPEC §5)', () => {
  it.each([
    ['owner', 'moderator', false, null],
    ['owner', 'member', false, null],
    ['owner', 'pending', false, null],
    ['owner', 'owner', true, 'self'],
    ['moderator', 'member', false, null],
    ['moderator', 'pending', false, null],
    ['moderator', 'moderator', false, 'not-allowed'],
    ['moderator', 'owner', false, 'not-allowed'],
    ['moderator', 'moderator', true, 'self'],
    ['member', 'member', false, 'not-allowed'],
    ['member', 'member', true, 'self'],
  ] as const)('%s removing a %s (self: %s) → %s', (actor, target, isSelf, refusal) => {
    expect(removeRefusal(actor, target, isSelf)).toBe(refusal);
  });

  it('gives the owner promote for members, demote for moderators, and ownership for both', () => {
    expect(memberActions('owner', 'member', false)).toEqual({ remove: true, promote: true, demote: false, makeOwner: true });
    expect(memberActions('owner', 'moderator', false)).toEqual({ remove: true, promote: false, demote: true, makeOwner: true });
    expect(memberActions('owner', 'owner', true)).toEqual({ remove: false, promote: false, demote: false, makeOwner: false });
  });

  it('gives a moderator only removal of plain members', () => {
    expect(memberActions('moderator', 'member', false)).toEqual({ remove: true, promote: false, demote: false, makeOwner: false });
    expect(memberActions('moderator', 'moderator', false)).toEqual({ remove: false, promote: false, demote: false, makeOwner: false });
  });

  it('gives a member nothing', () => {
    expect(memberActions('member', 'member', false)).toEqual({ remove: false, promote: false, demote: false, makeOwner: false });
  });
});
