import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { LOCALES, type Language } from './language';
import { loadedCatalogue } from './messages';

const cache = createIntlCache();
const made: Partial<Record<Language, IntlShape>> = {};

/**
 * The texts and formatters of a language outside React (pure helpers, their tests). The
 * language's catalogue must be loaded (`loadCatalogue`): the shown one always is.
 */
export function intlFor(language: Language): IntlShape {
  const messages = loadedCatalogue(language);
  if (!messages) throw new Error(`the ${language} texts are not loaded yet (loadCatalogue)`);
  made[language] ??= createIntl({ locale: LOCALES[language], defaultLocale: 'en-GB', messages }, cache);
  return made[language];
}
