import { useSyncExternalStore } from 'react';
import { loadCatalogue, loadedCatalogue } from './messages';

/** The languages of the product. */
export type Language = 'fi' | 'en';

export const LANGUAGES: readonly Language[] = ['fi', 'en'];

/** The Intl locale each language formats with: Finnish as in Finland, English as the spec asks (en-GB). */
export const LOCALES: Record<Language, string> = { fi: 'fi-FI', en: 'en-GB' };

/** Where an explicit choice is remembered (the browser's language only decides until then). */
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return value === 'fi' || value === 'en';
}

/** Finnish for a browser that prefers any Finnish (fi, fi-FI, …), English otherwise. */
export function languageFromBrowser(preferred: readonly string[] | undefined): Language {
  const first = preferred?.find((tag) => tag.trim() !== '');
  return first && /^fi(\b|-|_)/i.test(first.trim()) ? 'fi' : 'en';
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let current: Language = storedLanguage() ?? languageFromBrowser(browserLanguages());
applyToDocument(current);

function applyToDocument(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

function emit(language: Language) {
  if (language === current) return;
  current = language;
  applyToDocument(language);
  for (const listener of listeners) listener();
}

/** The latest choice: it wins when two loads race (fi → en → fi on a slow network). */
let wanted: Language | null = null;

/** Shows `language` once its texts are here: at once when they are, else when they arrive. */
function emitLoaded(language: Language) {
  wanted = language;
  if (loadedCatalogue(language)) {
    emit(language);
    return;
  }
  loadCatalogue(language).then(
    () => {
      if (wanted === language) emit(language);
    },
    () => {
      // Offline: the texts shown stay; the switch can be pressed again.
    },
  );
}

/** The language the product shows now (also for code outside React, e.g. request headers). */
export function getLanguage(): Language {
  return current;
}

/** The user chose a language: show it at once, in every tab, and remember it in this browser. */
export function setLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  emitLoaded(language);
}

/**
 * Forget the remembered choice and fall back to the browser's language. Tests use it to start
 * each case from a first visit.
 */
export function resetLanguage() {
  try {
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // nothing remembered to forget
  }
  emitLoaded(languageFromBrowser(browserLanguages()));
}

if (typeof window !== 'undefined') {
  // A choice made in another tab applies here too.
  window.addEventListener('storage', (event) => {
    if (event.key === LANGUAGE_STORAGE_KEY && isLanguage(event.newValue)) emitLoaded(event.newValue);
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current language, re-rendering when it changes. */
export function useCurrentLanguage(): Language {
  return useSyncExternalStore(subscribe, getLanguage, getLanguage);
}
