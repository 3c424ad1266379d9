import { HINT_TTL_MS, forgetMembershipHint, hintKey, readMembershipHint, writeMembershipHint } from './membership-hint';

describe('the membership hint (PRODUCT-SPEC §4: 24 hours)', () => {
  const now = Date.parse('2025-10-14T12:00:00Z');

  it('remembers a role per group and user', () => {
    writeMembershipHint(5, 7, 'moderator', now);
    expect(readMembershipHint(5, 7, now + 1000)).toBe('moderator');
    expect(readMembershipHint(5, 8, now)).toBeNull();
    expect(readMembershipHint(6, 7, now)).toBeNull();
  });

  it('lasts 24 hours, then is forgotten', () => {
    writeMembershipHint(5, 7, 'member', now);
    expect(readMembershipHint(5, 7, now + HINT_TTL_MS - 1)).toBe('member');
    expect(readMembershipHint(5, 7, now + HINT_TTL_MS)).toBeNull();
    expect(localStorage.getItem(hintKey(5, 7))).toBeNull();
  });

  it('distrusts hints from the future and unreadable ones', () => {
    writeMembershipHint(5, 7, 'member', now + 60_000);
    expect(readMembershipHint(5, 7, now)).toBeNull();
    localStorage.setItem(hintKey(5, 7), '{not json');
    expect(readMembershipHint(5, 7, now)).toBeNull();
    localStorage.setItem(hintKey(5, 7), JSON.stringify({ role: 'admin', at: now }));
    expect(readMembershipHint(5, 7, now)).toBeNull();
  });

  it('does not keep "none", and forgets on request', () => {
    writeMembershipHint(5, 7, 'member', now);
    writeMembershipHint(5, 7, 'none', now);
    expect(readMembershipHint(5, 7, now)).toBeNull();
    writeMembershipHint(5, 7, 'pending', now);
    forgetMembershipHint(5, 7);
    expect(readMembershipHint(5, 7, now)).toBeNull();
  });
});
