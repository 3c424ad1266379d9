// How groups write themselves: truncations, the theme colour, dates, genre tags (PRODUCT-SPEC §2, §9).

/** Group card: name 24 characters, description 140 (PRODUCT-SPEC §9). */
export const CARD_NAME_LIMIT = 24;
export const CARD_DESCRIPTION_LIMIT = 140;
/** A card names this many genres, then says how many more. */
export const CARD_TAGS = 3;
/** Usernames are shortened to 16 characters in lists. */
export const USERNAME_LIMIT = 16;
/** "About this Group" folds a description longer than this behind "Read more". */
export const ABOUT_LIMIT = 200;
/** Genre tags beyond this many fold behind "Show all". */
export const TAGS_SHOWN = 8;

/** The first `limit` characters (whole code points, trimmed) with an ellipsis; short text as it is. */
export function truncate(text: string, limit: number): string {
  const chars = Array.from(text);
  if (chars.length <= limit) return text;
  return `${chars.slice(0, limit).join('').trimEnd()}…`;
}

export function isLonger(text: string, limit: number): boolean {
  return Array.from(text).length > limit;
}

export type ThemeName = 'blue' | 'green' | 'purple' | 'orange';

const THEMES: Record<number, ThemeName> = { 1: 'blue', 2: 'green', 3: 'purple', 4: 'orange' };

/** Theme id 1 blue, 2 green, 3 purple, 4 orange; anything else has no theme (PRODUCT-SPEC §2). */
export function themeName(themeId: number | null | undefined): ThemeName | null {
  return typeof themeId === 'number' ? (THEMES[themeId] ?? null) : null;
}

/** The created date as the locale writes it: "14 October 2025" (en-GB), "14. lokakuuta 2025" (fi-FI). */
export function formatCreated(time: string | null | undefined, locale = 'en-GB'): string {
  if (!time) return '—';
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Helsinki' });
}

/** A date and time for the moderation log. */
export function formatDateTime(time: string, locale = 'en-GB'): string {
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return time;
  return date.toLocaleString(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Helsinki',
  });
}

/** Genre names joined by a comma, as the header shows them. */
export function joinTags(names: readonly string[]): string {
  return names.filter((name) => name.trim() !== '').join(', ');
}

/** The genres of a group: its `genres` objects when given (with ids, so they can be translated), else `genre_tags`. */
export function groupGenres(group: {
  genres?: readonly { genre_id: number; genre_name: string }[] | null;
  genre_tags?: readonly string[] | null;
}): { id?: number; name: string }[] {
  if (group.genres && group.genres.length > 0) return group.genres.map((genre) => ({ id: genre.genre_id, name: genre.genre_name }));
  return (group.genre_tags ?? []).map((name) => ({ name }));
}

/** The member count, 0 when the record has none (PRODUCT-SPEC §2). */
export function memberCount(count: number | null | undefined): number {
  return typeof count === 'number' && Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}
