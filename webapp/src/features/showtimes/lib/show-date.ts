// Calendar days as Finnkino and Finnish people write them: dd.mm.yyyy, in Helsinki time.

/** Finnish cinemas run on Helsinki time, wherever the visitor's browser is. */
export const HELSINKI = 'Europe/Helsinki';

/** A day on the calendar, with no time or zone attached. `month` is 1–12. */
export type CalendarDate = { year: number; month: number; day: number };

/** "Quick date buttons cover 5 days" (PRODUCT-SPEC §9): today, tomorrow and the next three. */
export const QUICK_DATE_COUNT = 5;

const SHOW_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/**
 * Reads a day written as dd.mm.yyyy (single-digit day or month allowed, as people type
 * "1.12.2026"); null for anything else, including days that do not exist (31.02.2026).
 */
export function parseShowDate(text: string): CalendarDate | null {
  const match = SHOW_DATE.exec(text.trim());
  if (!match) return null;
  const date = { day: Number(match[1]), month: Number(match[2]), year: Number(match[3]) };
  if (date.year < 1900 || date.month < 1 || date.month > 12 || date.day < 1) return null;
  return date.day <= daysInMonth(date.year, date.month) ? date : null;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The zero-padded dd.mm.yyyy the feed expects ("01.12.2026"). */
export function formatShowDate({ year, month, day }: CalendarDate): string {
  return `${pad(day)}.${pad(month)}.${pad(year, 4)}`;
}

/** The same day zero-padded, or null when `text` is not a day in dd.mm.yyyy. */
export function normalizeShowDate(text: string): string | null {
  const date = parseShowDate(text);
  return date ? formatShowDate(date) : null;
}

/** yyyy-mm-dd, the value of an `<input type="date">`. */
export function toIsoDate({ year, month, day }: CalendarDate): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

export function fromIsoDate(value: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  return parseShowDate(`${match[3]}.${match[2]}.${match[1]}`);
}

// Made on first use, not when the module loads: the Movie page loads this module for its
// "In cinemas" box, and a time-zone formatter costs a slow phone ~0.1 s before the movie
// shows, which a visitor who has not chosen an area never needs.
let helsinkiParts: Intl.DateTimeFormat | undefined;

/** The calendar day it is in Helsinki at `instant` (a Californian at 15:00 is already tomorrow there). */
export function helsinkiDate(instant: Date): CalendarDate {
  helsinkiParts ??= new Intl.DateTimeFormat('en-CA', { timeZone: HELSINKI, year: 'numeric', month: '2-digit', day: '2-digit' });
  const parts = Object.fromEntries(helsinkiParts.formatToParts(instant).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

export function sameDate(a: CalendarDate | null, b: CalendarDate | null): boolean {
  return a !== null && b !== null && a.year === b.year && a.month === b.month && a.day === b.day;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round(
    (Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000,
  );
}

export type QuickDate = { date: CalendarDate; dt: string; offset: number };

/** Today, tomorrow and the three days after, in Helsinki. */
export function quickDates(now: Date, count = QUICK_DATE_COUNT): QuickDate[] {
  const today = helsinkiDate(now);
  return Array.from({ length: count }, (_, offset) => {
    const date = addDays(today, offset);
    return { date, dt: formatShowDate(date), offset };
  });
}

/** A noon instant of the day, so formatting it in UTC or Helsinki gives the same day. */
function noonUtc({ year, month, day }: CalendarDate): Date {
  return new Date(Date.UTC(year, month - 1, day, 12));
}

/** "26.11." — day and month as Finns write them (both languages of the product use it). */
export function formatDayMonth({ day, month }: CalendarDate): string {
  return `${day}.${month}.`;
}

/** "Thu" / "to": a day's short weekday in `locale`. */
export function formatWeekday(date: CalendarDate, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(noonUtc(date));
}

/** "Thu 26.11." / "to 26.11." — a day's short weekday and day.month in `locale`. */
export function formatWeekdayDate(date: CalendarDate, locale: string): string {
  return `${formatWeekday(date, locale)} ${formatDayMonth(date)}`;
}

/** "Thursday 26 November 2026" / "torstai 26. marraskuuta 2026": a day spelt out in `locale`. */
export function formatLongDate(date: CalendarDate, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(noonUtc(date));
}
