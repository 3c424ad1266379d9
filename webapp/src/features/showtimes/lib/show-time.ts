// Show times in Helsinki time, written the way the chosen language writes them.
import { HELSINKI, daysBetween, formatWeekdayDate, helsinkiDate, type CalendarDate } from './show-date';

function timeFormat(locale: string) {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: HELSINKI });
}

/** "18:30" in English, "18.30" in Finnish, always the Helsinki wall clock. Empty for a bad instant. */
export function formatShowTime(instant: string | Date, locale: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return '';
  return timeFormat(locale).format(date);
}

/** "18:30–20:45". */
export function formatShowRange(start: string, end: string | null | undefined, locale: string): string {
  const from = formatShowTime(start, locale);
  const to = end ? formatShowTime(end, locale) : '';
  return to ? `${from}–${to}` : from;
}

/** The Helsinki calendar day an instant falls on. */
export function showDay(instant: string): CalendarDate | null {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? null : helsinkiDate(date);
}

/**
 * When a show starts, relative to `now`: "today 18:30", "tomorrow 12:00", then "Thu 26.11. 18:30"
 * (Intl's own words for today and tomorrow in `locale`).
 */
export function formatShowWhen(start: string, now: Date, locale: string): string {
  const day = showDay(start);
  if (!day) return '';
  const time = formatShowTime(start, locale);
  const today = helsinkiDate(now);
  const offset = daysBetween(today, day);
  if (offset === 0 || offset === 1) {
    const words = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(offset, 'day');
    return `${words} ${time}`;
  }
  return `${formatWeekdayDate(day, locale)} ${time}`;
}

/** Sorts shows by their start instant (ties by title, so the order is stable). */
export function byStart<T extends { start: string; title: string }>(a: T, b: T): number {
  const diff = new Date(a.start).getTime() - new Date(b.start).getTime();
  return diff !== 0 ? diff : a.title.localeCompare(b.title);
}
