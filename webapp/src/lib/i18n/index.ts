// The webapp's i18n layer (react-intl / FormatJS, ICU messages). See README.md in this folder.
export { FormattedMessage, useIntl } from 'react-intl';
export { I18nProvider } from './i18n-provider';
export { useErrorText, useFormat, useGenreName, useLanguage, useT, type MessageValues } from './hooks';
export { errorKey, errorText } from './errors';
export { intlFor } from './intl';
export type { IntlShape } from 'react-intl';
export { getLanguage, LANGUAGES, LOCALES, setLanguage, type Language } from './language';
export { loadCatalogue } from './messages';
export type { MessageKey } from './messages';
