import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { LOCALES, useCurrentLanguage, type Language } from './language';
import { readCatalogue } from './messages';

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
  const messages = readCatalogue(shown);
  return (
    <IntlProvider
      // A new language remounts nothing: react-intl re-renders its consumers with the new messages.
      locale={LOCALES[shown]}
      defaultLocale="en-GB"
      messages={messages}
      onError={reportIntlError}
    >
      {children}
    </IntlProvider>
  );
}

function reportIntlError(error: Error & { code?: string }) {
  // Both catalogues have every key (a test checks it), so a missing text is a bug worth seeing.
  console.error(`[i18n] ${error.code ?? 'ERROR'}: ${error.message}`);
}
