import { useIntl } from '@/lib/i18n';

/** The Intl locale the texts are shown in (fi-FI or en-GB), for dates and times. */
export function useLocale(): string {
  return useIntl().locale;
}
