import { useCallback, useMemo } from 'react';
import { errorText } from './errors';
import * as format from './format';
import { useIntl } from './i18n-provider';
import type { MessageValues } from './intl';
import { setLanguage, useCurrentLanguage } from './language';
import type { MessageKey } from './messages';

export type { MessageValues };

/** `t('groups.join.success')`, `t('reviews.count', { count: 5 })`: a text of the catalogue in the current language. */
export function useT() {
  const intl = useIntl();
  return useCallback((id: MessageKey, values?: MessageValues) => intl.formatMessage({ id }, values), [intl]);
}

/** The current language and the way to change it (remembered in this browser). */
export function useLanguage() {
  const language = useCurrentLanguage();
  return { language, setLanguage };
}

/** Dates, times and numbers in the current language (see format.ts for each shape). */
export function useFormat() {
  const intl = useIntl();
  return useMemo(
    () => ({
      date: (value: string | number | Date) => format.formatDate(intl, value),
      shortDate: (value: string | number | Date) => format.formatShortDate(intl, value),
      calendarDate: (isoDate: string) => format.formatCalendarDate(intl, isoDate),
      time: (value: string | number | Date) => format.formatTime(intl, value),
      dateTime: (value: string | number | Date) => format.formatDateTime(intl, value),
      relative: (value: string | number | Date, now?: string | number | Date) => format.formatRelative(intl, value, now),
      number: (value: number, options?: format.NumberOptions) => format.formatNumber(intl, value, options),
      decimal1: (value: number) => format.formatDecimal1(intl, value),
    }),
    [intl],
  );
}

/** `errorText(error)`: a failed call explained in the current language (by the API's error `code`). */
export function useErrorText() {
  const intl = useIntl();
  return useCallback((error: unknown, fallback?: string) => errorText(intl, error, fallback), [intl]);
}

/**
 * `genreName({ id: 27, name: 'Horror' })`: TMDB's genres by id in the current language, so
 * they read right in Finnish whatever language the server's name came in (the demo catalog
 * and the groups' genre table are English); an unknown id keeps the given name.
 */
export function useGenreName() {
  const intl = useIntl();
  return useCallback(
    (genre: { id?: number | null; name: string }) => {
      const key = `genre.${genre.id ?? ''}`;
      return genre.id != null && key in intl.messages ? intl.formatMessage({ id: key as MessageKey }) : genre.name;
    },
    [intl],
  );
}
