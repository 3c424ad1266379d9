import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { LOCALES, type Language } from './language';
import { catalogues } from './messages';

const cache = createIntlCache();
const made: Partial<Record<Language, IntlShape>> = {};

/** The texts and formatters of a language outside React (pure helpers, their tests). */
export function intlFor(language: Language): IntlShape {
  made[language] ??= createIntl({ locale: LOCALES[language], defaultLocale: 'en-GB', messages: catalogues[language] }, cache);
  return made[language];
}
