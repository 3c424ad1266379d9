import { joinOutcome, withdrawSucceeded } from './join-outcome';

describe('join answers (PRODUCT-SPEC §8)', () => {
  it('reads the server codes', () => {
    expect(joinOutcome(409, 'already_pending', 'x')).toEqual({ kind: 'pending' });
    expect(joinOutcome(409, 'already_member', 'x')).toEqual({ kind: 'member' });
    expect(joinOutcome(409, 'already_owner', 'x')).toEqual({ kind: 'owner' });
    expect(joinOutcome(401, 'unauthorized', 'x')).toEqual({ kind: 'login' });
  });

  it('falls back to the message words', () => {
    expect(joinOutcome(400, undefined, 'Request is pending approval')).toEqual({ kind: 'pending' });
    expect(joinOutcome(409, undefined, 'User is already a member of this group')).toEqual({ kind: 'member' });
    expect(joinOutcome(409, undefined, 'You are already the owner')).toEqual({ kind: 'owner' });
    // "pending" only counts on a 400 or 409.
    expect(joinOutcome(500, undefined, 'pending')).toEqual({ kind: 'failed', message: 'pending' });
  });

  it('keeps the server message for other failures, or none', () => {
    expect(joinOutcome(404, 'group_not_found', 'Group not found')).toEqual({ kind: 'failed', message: 'Group not found' });
    expect(joinOutcome(500, undefined, undefined)).toEqual({ kind: 'failed', message: null });
  });

  it('counts a withdrawn request that is already gone as withdrawn', () => {
    expect([204, 404, 410, 403, 500].map(withdrawSucceeded)).toEqual([true, true, true, false, false]);
  });
});
