import { deriveViewer, isManagerRole, isMemberRole, parseRole, viewerAfterUpdate, viewerFromLookup, type Viewer } from './viewer';

const ME = 7;

describe('the viewer in a group (PRODUCT-SPEC §4)', () => {
  it('is nobody when logged out, whatever the record says', () => {
    expect(deriveViewer({ owner_id: ME, role: 'owner', is_member: true, is_owner: true }, null)).toEqual({
      role: 'none',
      isMember: false,
      isOwner: false,
      known: true,
    });
  });

  it.each([
    ['owner', true, true],
    ['moderator', true, false],
    ['member', true, false],
    ['pending', false, false],
    ['none', false, false],
  ] as const)('takes the role %s from the server record', (role, isMember, isOwner) => {
    const viewer = deriveViewer({ owner_id: 1, role }, ME);
    expect(viewer).toEqual({ role: isOwner ? 'owner' : role, isMember, isOwner, known: true });
  });

  it('recognises the owner by owner_id or is_owner even when the role is missing or stale', () => {
    expect(deriveViewer({ owner_id: ME }, ME)).toMatchObject({ role: 'owner', isMember: true, isOwner: true });
    expect(deriveViewer({ owner_id: 1, is_owner: true }, ME)).toMatchObject({ role: 'owner', isOwner: true });
    expect(deriveViewer({ owner_id: ME, role: 'member' }, ME)).toMatchObject({ role: 'owner', isOwner: true });
  });

  it('counts is_member as membership when the record gives no role', () => {
    expect(deriveViewer({ owner_id: 1, is_member: true }, ME)).toEqual({ role: 'member', isMember: true, isOwner: false, known: true });
  });

  it('falls back to the member list, matched by id', () => {
    const members = [
      { id: 1, role: 'owner' },
      { id: ME, role: 'moderator' },
    ];
    expect(deriveViewer({ owner_id: 1, members }, ME)).toMatchObject({ role: 'moderator', isMember: true, isOwner: false });
    expect(deriveViewer({ owner_id: 1, members }, 99)).toEqual({ role: 'none', isMember: false, isOwner: false, known: true });
  });

  it('never counts a pending request as a member, even with a stray is_member flag', () => {
    expect(deriveViewer({ owner_id: 1, role: 'pending', is_member: true }, ME)).toEqual({
      role: 'pending',
      isMember: false,
      isOwner: false,
      known: true,
    });
  });

  it('is unknown only when the record says nothing about the viewer', () => {
    expect(deriveViewer({ owner_id: 1 }, ME).known).toBe(false);
    expect(deriveViewer({ owner_id: 1, is_member: false }, ME).known).toBe(true);
    expect(deriveViewer({ owner_id: 1, members: [] }, ME).known).toBe(true);
  });

  it('treats a group found by the membership lookup as membership with role member', () => {
    expect(viewerFromLookup(5, [3, 5])).toEqual({ role: 'member', isMember: true, isOwner: false, known: true });
    expect(viewerFromLookup(5, [3])).toMatchObject({ role: 'none', isMember: false });
  });

  it('ignores unknown role words', () => {
    expect(parseRole('admin')).toBeNull();
    expect(parseRole(3)).toBeNull();
    expect(deriveViewer({ owner_id: 1, role: 'admin', is_member: false }, ME).role).toBe('none');
  });

  it('knows which roles are members and which run the group', () => {
    expect(['owner', 'moderator', 'member', 'pending', 'none'].map((r) => isMemberRole(r as never))).toEqual([true, true, true, false, false]);
    expect(['owner', 'moderator', 'member', 'pending', 'none'].map((r) => isManagerRole(r as never))).toEqual([true, true, false, false, false]);
  });
});

describe('the viewer after a group update (PRODUCT-SPEC §4)', () => {
  const member: Viewer = { role: 'moderator', isMember: true, isOwner: false, known: true };

  it.each([
    ['is_member false', { is_member: false }],
    ['role none', { role: 'none' }],
    ['role pending', { role: 'pending' }],
    ['a member list without the viewer', { members: [{ id: 1, role: 'owner' }] }],
  ])('resets to a non-member and clears the data on %s', (_why, result) => {
    const after = viewerAfterUpdate({ owner_id: 1, ...result }, ME, member);
    expect(after.clearMemberData).toBe(true);
    expect(after.viewer.isMember).toBe(false);
    expect(['none', 'pending']).toContain(after.viewer.role);
  });

  it('merges the new flags otherwise', () => {
    const after = viewerAfterUpdate({ owner_id: ME, role: 'owner', is_member: true }, ME, member);
    expect(after).toEqual({ viewer: { role: 'owner', isMember: true, isOwner: true, known: true }, clearMemberData: false });
  });

  it('keeps what was known when the answer says nothing about the viewer', () => {
    expect(viewerAfterUpdate({ owner_id: 1 }, ME, member)).toEqual({ viewer: member, clearMemberData: false });
  });
});
