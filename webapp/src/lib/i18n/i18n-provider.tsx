import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { intlFor, type IntlShape } from './intl';
import { useCurrentLanguage, type Language } from './language';
import { getTextsVersion, readCatalogue, subscribeTexts } from './messages';

/** The shown language's IntlShape; exported for tests that need texts of their own. */
export const IntlContext = createContext<IntlShape | null>(null);

type I18nProviderProps = {
  children: ReactNode;
  /** Fixes the language (tests, previews); by default the user's choice or the browser's language. */
  language?: Language;
};

/** Texts and Intl formatting in the chosen language for everything below it. */
export function I18nProvider({ children, language }: I18nProviderProps) {
  const chosen = useCurrentLanguage();
  const shown = language ?? chosen;
  // The chosen language is loaded before it is shown (main.tsx, setLanguage); a fixed one
  // may still be on its way, and a Suspense boundary above waits for it.
  readCatalogue(shown);
  // Renders again when texts that were missing come (a production build's come in parts).
  useSyncExternalStore(subscribeTexts, getTextsVersion, getTextsVersion);
  // One IntlShape per language (a new one only when missing texts came): a switch re-renders
  // what reads it and keeps every formatter made so far.
  return <IntlContext.Provider value={intlFor(shown)}>{children}</IntlContext.Provider>;
}

/** The shown language's texts and formatters. */
export function useIntl(): IntlShape {
  const intl = useContext(IntlContext);
  if (!intl) throw new Error('useIntl() needs an <I18nProvider> above it (app/provider.tsx; renderWithProviders in tests)');
  return intl;
}
