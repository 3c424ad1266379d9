// How reviews fold long texts and tell an edit.

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

/** Edited later than a minute after writing. */
export function wasEdited(review: { created_at: string; updated_at: string }): boolean {
  const created = Date.parse(review.created_at);
  const updated = Date.parse(review.updated_at);
  return Number.isFinite(created) && Number.isFinite(updated) && updated - created > 60_000;
}
