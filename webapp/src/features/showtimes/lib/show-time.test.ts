import { byStart, formatShowRange, formatShowTime, formatShowWhen, showDay } from './show-time';

describe('show times', () => {
  it('are written in Helsinki time whatever the instant’s zone', () => {
    expect(formatShowTime('2026-11-24T16:30:00Z', 'en')).toBe('18:30');
    expect(formatShowTime('2026-11-24T18:30:00+02:00', 'en')).toBe('18:30');
    // Summer: UTC+3.
    expect(formatShowTime('2026-07-01T09:00:00Z', 'en')).toBe('12:00');
  });

  it('use the chosen language’s separator', () => {
    expect(formatShowTime('2026-11-24T16:30:00Z', 'fi')).toBe('18.30');
    expect(formatShowRange('2026-11-24T16:30:00Z', '2026-11-24T18:45:00Z', 'en')).toBe('18:30–20:45');
    expect(formatShowRange('2026-11-24T16:30:00Z', null, 'fi')).toBe('18.30');
  });

  it('give nothing for a broken instant', () => {
    expect(formatShowTime('not a time', 'en')).toBe('');
  });

  it('fall on the Helsinki day', () => {
    expect(showDay('2026-11-24T22:15:00Z')).toEqual({ day: 25, month: 11, year: 2026 });
  });

  it('say today and tomorrow in words, later days by weekday', () => {
    const now = new Date('2026-11-24T08:00:00Z'); // Tuesday
    expect(formatShowWhen('2026-11-24T16:30:00Z', now, 'en')).toBe('today 18:30');
    expect(formatShowWhen('2026-11-25T10:00:00Z', now, 'en')).toBe('tomorrow 12:00');
    expect(formatShowWhen('2026-11-25T10:00:00Z', now, 'fi')).toBe('huomenna 12.00');
    expect(formatShowWhen('2026-11-26T17:00:00Z', now, 'en')).toBe('Thu 26.11. 19:00');
  });

  it('sort by start, then title', () => {
    const shows = [
      { start: '2026-11-24T18:00:00Z', title: 'B' },
      { start: '2026-11-24T10:00:00Z', title: 'Z' },
      { start: '2026-11-24T18:00:00Z', title: 'A' },
    ];
    expect([...shows].sort(byStart).map((s) => s.title)).toEqual(['Z', 'A', 'B']);
  });
});
