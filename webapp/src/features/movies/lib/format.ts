// How the movie page writes numbers, in the reader's language.
import type { IntlShape } from '@/lib/i18n';
import { formatCalendarDate, formatDecimal1 } from '@/lib/i18n/format';

/** Minutes as "2 h 19 min" / "2 t 19 min" ("45 min", "2 h"); "—" when unknown. */
export function formatRuntime(intl: IntlShape, minutes: number | null | undefined): string {
  if (!minutes || minutes <= 0) return intl.formatMessage({ id: 'common.notAvailable' });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return intl.formatMessage({ id: 'movie.runtime.minutes' }, { minutes: rest });
  if (rest === 0) return intl.formatMessage({ id: 'movie.runtime.hours' }, { hours });
  return intl.formatMessage({ id: 'movie.runtime.hoursMinutes' }, { hours, minutes: rest });
}

/** US dollars as "$63,000,000" / "63 000 000 $"; "—" when unknown (TMDB reports an unknown amount as 0). */
export function formatMoney(intl: IntlShape, amount: number | null | undefined): string {
  if (!amount || amount <= 0) return intl.formatMessage({ id: 'common.notAvailable' });
  return intl.formatNumber(amount, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 });
}

/** A 0–10 vote average with one decimal ("8.4" / "8,4"); null when nobody has voted. */
export function formatRating(intl: IntlShape, voteAverage: number | null | undefined): string | null {
  if (!voteAverage || voteAverage <= 0) return null;
  return formatDecimal1(intl, voteAverage);
}

/** `YYYY-MM-DD` as "15 October 1999" / "15. lokakuuta 1999"; the input (or "—") when not such a date. */
export function formatDate(intl: IntlShape, date: string): string {
  return formatCalendarDate(intl, date) ?? (date || intl.formatMessage({ id: 'common.notAvailable' }));
}

/** "Keanu Reeves" → "KR"; at most two letters. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => Array.from(part ?? '')[0]?.toUpperCase() ?? '').join('') || '?';
}
