import { auraLabel, formatAura, formatAverageRating, formatMemberSince, plural } from './format';

describe('auraLabel (PRODUCT-SPEC §2)', () => {
  it.each([
    [100, 'Positive'],
    [11, 'Positive'],
    [10, 'Mostly Positive'],
    [1, 'Mostly Positive'],
    [0, 'Neutral'],
    [-1, 'Mixed'],
    [-9, 'Mixed'],
    [-10, 'Controversial'],
    [-250, 'Controversial'],
  ])('aura %i is %s', (aura, label) => {
    expect(auraLabel(aura)).toBe(label);
  });
});

describe('profile stats formatting', () => {
  it('writes the aura with its interpretation, preferring the server label', () => {
    expect(formatAura(1)).toBe('Aura 1 · Mostly Positive');
    expect(formatAura(-3)).toBe('Aura -3 · Mixed');
    expect(formatAura(12, 'Positive')).toBe('Aura 12 · Positive');
  });

  it('writes the average rating with one decimal, or "No reviews"', () => {
    expect(formatAverageRating(4, 3)).toBe('4.0');
    expect(formatAverageRating(3.5, 2)).toBe('3.5');
    expect(formatAverageRating(3.25, 4)).toBe('3.3');
    expect(formatAverageRating(null, 0)).toBe('No reviews');
    expect(formatAverageRating(undefined)).toBe('No reviews');
  });

  it('writes member-since dates in en-GB', () => {
    expect(formatMemberSince('2025-10-01T10:00:00Z')).toBe('1 October 2025');
    expect(formatMemberSince('not a date')).toBeNull();
  });

  it('counts in words', () => {
    expect(plural(1, 'like')).toBe('1 like');
    expect(plural(0, 'like')).toBe('0 likes');
  });
});
