// Finnkino names languages in Finnish ("englanti", "dubattu suomeksi"); the page names them in the
// reader's language from their ISO codes.
import type { Language } from '../api/types';

const displayNames = new Map<string, Intl.DisplayNames | null>();

function namesFor(locale: string): Intl.DisplayNames | null {
  if (!displayNames.has(locale)) {
    try {
      displayNames.set(locale, new Intl.DisplayNames([locale], { type: 'language' }));
    } catch {
      displayNames.set(locale, null);
    }
  }
  return displayNames.get(locale) ?? null;
}

/** "English" / "englanti" (as each language writes it, mid-sentence) for code EN; the feed's own name when the code is unknown. */
export function languageName(language: Language, locale: string): string {
  const code = language.code?.trim().toLowerCase();
  if (code && /^[a-z]{2,3}$/.test(code)) {
    const name = namesFor(locale)?.of(code);
    if (name && name.toLowerCase() !== code) return name;
  }
  return language.name?.trim() || language.code?.trim() || '';
}

/** Each subtitle language once, in the reader's language: "Finnish, Swedish". */
export function subtitleNames(subtitles: Language[], locale: string): string {
  const names = subtitles.map((language) => languageName(language, locale)).filter(Boolean);
  return new Intl.ListFormat(locale, { style: 'short', type: 'unit' }).format([...new Set(names)]);
}

/** "Englanti" on its own, as a label. */
export function capitalized(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}
