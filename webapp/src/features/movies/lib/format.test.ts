import { intlFor } from '@/lib/i18n';
import { formatDate, formatMoney, formatRating, formatRuntime, initials } from './format';

const en = intlFor('en');
const fi = intlFor('fi');

describe('movie page formatting', () => {
  it.each([
    [139, '2 h 19 min', '2 t 19 min'],
    [45, '45 min', '45 min'],
    [120, '2 h', '2 t'],
    [61, '1 h 1 min', '1 t 1 min'],
    [0, '—', '—'],
    [null, '—', '—'],
  ])('runtime %s → %s / %s', (minutes, english, finnish) => {
    expect(formatRuntime(en, minutes)).toBe(english);
    expect(formatRuntime(fi, minutes)).toBe(finnish);
  });

  it.each([
    [63000000, '$63,000,000'],
    [463517383, '$463,517,383'],
    [0, '—'],
    [null, '—'],
  ])('money %s → %s', (amount, text) => {
    expect(formatMoney(en, amount)).toBe(text);
  });

  it('writes money the Finnish way in Finnish', () => {
    expect(formatMoney(fi, 63000000)).toMatch(/^63\s000\s000\s\$$/u);
  });

  it('rounds the rating to one decimal and has none without votes', () => {
    expect(formatRating(en, 8.216)).toBe('8.2');
    expect(formatRating(en, 7.25)).toBe('7.3');
    expect(formatRating(en, 10)).toBe('10.0');
    expect(formatRating(fi, 8.216)).toBe('8,2');
    expect(formatRating(en, 0)).toBeNull();
  });

  it('writes dates in en-GB and in Finnish', () => {
    expect(formatDate(en, '1999-03-31')).toBe('31 March 1999');
    expect(formatDate(fi, '1999-03-31')).toBe('31. maaliskuuta 1999');
    expect(formatDate(en, '')).toBe('—');
  });

  it('makes initials', () => {
    expect(initials('Keanu Reeves')).toBe('KR');
    expect(initials('Lana  Wachowski ')).toBe('LW');
    expect(initials('Zendaya')).toBe('Z');
    expect(initials('Jean-Pierre Léaud')).toBe('JL');
    expect(initials('')).toBe('?');
  });
});
