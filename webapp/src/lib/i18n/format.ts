import type { IntlShape } from './intl';

// Dates, times and numbers through Intl in the reader's language (fi-FI or en-GB). Times are
// shown as they are in Finland, wherever the browser is.

export type NumberOptions = Intl.NumberFormatOptions;

export const TIME_ZONE = 'Europe/Helsinki';

type DateInput = string | number | Date;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "14 October 2025" / "14. lokakuuta 2025"; null when unreadable. */
export function formatDate(intl: IntlShape, value: DateInput): string | null {
  const date = toDate(value);
  if (!date) return null;
  return intl.formatDate(date, { day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE });
}

/** "14 Oct 2025" / "14.10.2025": for tight spaces. */
export function formatShortDate(intl: IntlShape, value: DateInput): string | null {
  const date = toDate(value);
  if (!date) return null;
  return intl.formatDate(date, { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: TIME_ZONE });
}

/**
 * A calendar date without a time (`YYYY-MM-DD`, e.g. a release date) as a full date in the
 * reader's language; it is the same day everywhere, so no time zone moves it. Null when not such a date.
 */
export function formatCalendarDate(intl: IntlShape, isoDate: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return intl.formatDate(date, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** "18:30" / "18.30". */
export function formatTime(intl: IntlShape, value: DateInput): string | null {
  const date = toDate(value);
  if (!date) return null;
  return intl.formatTime(date, { hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE });
}

/** "Tue 14 Oct, 18:30" / "ti 14.10. klo 18.30". */
export function formatDateTime(intl: IntlShape, value: DateInput): string | null {
  const date = toDate(value);
  if (!date) return null;
  return intl.formatDate(date, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: TIME_ZONE,
  });
}

/** A number in the reader's style ("1,234.5" / "1 234,5"). */
export function formatNumber(intl: IntlShape, value: number, options?: NumberOptions): string {
  return intl.formatNumber(value, options);
}

const decimal1Formats = new WeakMap<IntlShape, Intl.NumberFormat>();

/** Exactly one decimal ("4.0" / "4,0"), as ratings are shown (on every tile, so the formatter is kept). */
export function formatDecimal1(intl: IntlShape, value: number): string {
  let format = decimal1Formats.get(intl);
  if (!format) {
    format = new Intl.NumberFormat(intl.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    decimal1Formats.set(intl, format);
  }
  return format.format(value);
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.345],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "3 days ago" / "3 päivää sitten", "in 2 hours" / "2 tunnin päästä"; null when unreadable. */
export function formatRelative(intl: IntlShape, value: DateInput, now: DateInput = Date.now()): string | null {
  const date = toDate(value);
  const reference = toDate(now);
  if (!date || !reference) return null;
  let amount = (date.getTime() - reference.getTime()) / 1000;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return intl.formatRelativeTime(Math.round(amount), unit, { numeric: 'auto' });
    amount /= size;
  }
  return null;
}
