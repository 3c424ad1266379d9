// How reviews write their dates and long texts.

/** Review text beyond this many characters folds behind "Read more" (PRODUCT-SPEC §9). */
export const TRUNCATE_AT = 300;

/** The first `limit` characters (whole code points), trimmed, with an ellipsis; the text itself when short enough. */
export function truncate(text: string, limit = TRUNCATE_AT): string {
  const chars = Array.from(text);
  if (chars.length <= limit) return text;
  return `${chars.slice(0, limit).join('').trimEnd()}…`;
}

/** True when `text` is longer than `limit` characters. */
export function isLong(text: string, limit = TRUNCATE_AT): boolean {
  return Array.from(text).length > limit;
}

/** An RFC 3339 time as an en-GB date ("14 October 2025", PRODUCT-SPEC §9); the input when unreadable. */
export function formatReviewDate(time: string): string {
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return time;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Helsinki' });
}

/** Edited later than a minute after writing. */
export function wasEdited(review: { created_at: string; updated_at: string }): boolean {
  const created = Date.parse(review.created_at);
  const updated = Date.parse(review.updated_at);
  return Number.isFinite(created) && Number.isFinite(updated) && updated - created > 60_000;
}
