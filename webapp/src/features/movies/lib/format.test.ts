import { formatDate, formatMoney, formatRating, formatRuntime, initials } from './format';

describe('movie page formatting', () => {
  it.each([
    [139, '2 h 19 min'],
    [45, '45 min'],
    [120, '2 h'],
    [61, '1 h 1 min'],
    [0, '—'],
    [null, '—'],
  ])('runtime %s → %s', (minutes, text) => {
    expect(formatRuntime(minutes)).toBe(text);
  });

  it.each([
    [63000000, '$63,000,000'],
    [463517383, '$463,517,383'],
    [0, '—'],
    [null, '—'],
  ])('money %s → %s', (amount, text) => {
    expect(formatMoney(amount)).toBe(text);
  });

  it('rounds the rating to one decimal and has none without votes', () => {
    expect(formatRating(8.216)).toBe('8.2');
    expect(formatRating(7.25)).toBe('7.3');
    expect(formatRating(10)).toBe('10.0');
    expect(formatRating(0)).toBeNull();
  });

  it('writes dates in en-GB', () => {
    expect(formatDate('1999-03-31')).toBe('31 March 1999');
    expect(formatDate('')).toBe('—');
  });

  it('makes initials', () => {
    expect(initials('Keanu Reeves')).toBe('KR');
    expect(initials('Lana  Wachowski ')).toBe('LW');
    expect(initials('Zendaya')).toBe('Z');
    expect(initials('Jean-Pierre Léaud')).toBe('JL');
    expect(initials('')).toBe('?');
  });
});
