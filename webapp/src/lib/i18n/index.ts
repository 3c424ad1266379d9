// The webapp's i18n layer: ICU messages formatted by intl-messageformat, numbers and dates by
// Intl. See README.md in this folder.
export { FormattedMessage } from './formatted-message';
export { I18nProvider, useIntl } from './i18n-provider';
export { useErrorText, useFormat, useGenreName, useLanguage, useT, type MessageValues } from './hooks';
export { errorKey, errorText } from './errors';
export { intlFor, type IntlShape } from './intl';
export { getLanguage, LANGUAGES, LOCALES, setLanguage, type Language } from './language';
export { loadCatalogue, loadPageTexts } from './messages';
export type { MessageKey } from './messages';
