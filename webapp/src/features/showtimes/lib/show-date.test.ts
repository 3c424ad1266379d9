import {
  addDays,
  daysBetween,
  formatLongDate,
  formatShowDate,
  formatWeekdayDate,
  fromIsoDate,
  helsinkiDate,
  normalizeShowDate,
  parseShowDate,
  quickDates,
  toIsoDate,
} from './show-date';

describe('parseShowDate', () => {
  it('reads dd.mm.yyyy', () => {
    expect(parseShowDate('24.11.2026')).toEqual({ day: 24, month: 11, year: 2026 });
  });

  it('accepts single-digit days and months as people type them, and surrounding spaces', () => {
    expect(parseShowDate(' 1.2.2027 ')).toEqual({ day: 1, month: 2, year: 2027 });
  });

  it.each(['2026-11-24', '24/11/2026', '24.11.26', '24.11', '', 'today', '24.11.2026.', '024.11.2026'])(
    'rejects %j',
    (text) => expect(parseShowDate(text)).toBeNull(),
  );

  it('rejects days that do not exist', () => {
    expect(parseShowDate('31.02.2026')).toBeNull();
    expect(parseShowDate('29.02.2026')).toBeNull();
    expect(parseShowDate('29.02.2028')).toEqual({ day: 29, month: 2, year: 2028 });
    expect(parseShowDate('00.10.2026')).toBeNull();
    expect(parseShowDate('10.13.2026')).toBeNull();
  });
});

describe('formatting days', () => {
  it('zero-pads for the feed', () => {
    expect(formatShowDate({ day: 1, month: 2, year: 2027 })).toBe('01.02.2027');
    expect(normalizeShowDate('1.2.2027')).toBe('01.02.2027');
    expect(normalizeShowDate('1.2.27')).toBeNull();
  });

  it('converts to and from the date input value', () => {
    expect(toIsoDate({ day: 5, month: 3, year: 2026 })).toBe('2026-03-05');
    expect(fromIsoDate('2026-03-05')).toEqual({ day: 5, month: 3, year: 2026 });
    expect(fromIsoDate('')).toBeNull();
  });

  it('names the weekday in the chosen language', () => {
    const date = { day: 26, month: 11, year: 2026 }; // a Thursday
    expect(formatWeekdayDate(date, 'en')).toBe('Thu 26.11.');
    expect(formatWeekdayDate(date, 'fi')).toBe('to 26.11.');
    expect(formatLongDate(date, 'en-GB')).toMatch(/^Thursday,? 26 November 2026$/);
    expect(formatLongDate(date, 'fi')).toMatch(/^torstai(na)? 26. marraskuuta 2026$/);
  });
});

describe('Helsinki days', () => {
  it('is already tomorrow in Helsinki when it is late evening in UTC', () => {
    // 22:30 UTC on 24 Nov = 00:30 on 25 Nov in Helsinki (UTC+2 in winter).
    expect(helsinkiDate(new Date('2026-11-24T22:30:00Z'))).toEqual({ day: 25, month: 11, year: 2026 });
    expect(helsinkiDate(new Date('2026-11-24T21:59:00Z'))).toEqual({ day: 24, month: 11, year: 2026 });
  });

  it('follows summer time (UTC+3)', () => {
    expect(helsinkiDate(new Date('2026-06-30T21:30:00Z'))).toEqual({ day: 1, month: 7, year: 2026 });
  });

  it('adds days across months and years', () => {
    expect(addDays({ day: 30, month: 12, year: 2026 }, 3)).toEqual({ day: 2, month: 1, year: 2027 });
    expect(daysBetween({ day: 30, month: 12, year: 2026 }, { day: 2, month: 1, year: 2027 })).toBe(3);
  });

  it('offers today, tomorrow and the next three days as quick dates', () => {
    const dates = quickDates(new Date('2026-12-30T22:30:00Z'));
    expect(dates.map((d) => d.dt)).toEqual(['31.12.2026', '01.01.2027', '02.01.2027', '03.01.2027', '04.01.2027']);
    expect(dates.map((d) => d.offset)).toEqual([0, 1, 2, 3, 4]);
  });
});
