import type { UseQueryResult } from '@tanstack/react-query';
import type { ScheduleView } from '../api/types';
import { activeFilterCount, matchesFilters, type ShowFilters } from '../lib/filters';
import { formatLongDate, parseShowDate } from '../lib/show-date';
import { formatShowTime } from '../lib/show-time';
import { useT } from '@/lib/i18n';
import { useLocale } from '../lib/use-locale';
import { ShowList } from './show-list';
import styles from './showtimes-page.module.css';

type Props = {
  query: UseQueryResult<ScheduleView>;
  areaName: string;
  area: number;
  dt: string;
  filters: ShowFilters;
  onClearFilters: () => void;
  now: Date;
};

/** The searched day: loading, "Failed to fetch schedule", or the shows that pass the filters. */
export function ScheduleResults({ query, areaName, area, dt, filters, onClearFilters, now }: Props) {
  const t = useT();
  const locale = useLocale();
  const day = parseShowDate(dt);
  const heading = t('showtimes.results', { area: areaName, date: day ? formatLongDate(day, locale) : dt });

  if (query.isPending) {
    return (
      <p className={styles.status} role="status">
        {t('showtimes.loading')}
      </p>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div className={styles.status}>
        <p className="notice notice-error" role="alert">
          {t('showtimes.fetchError')}
        </p>
        <button type="button" className="btn" onClick={() => void query.refetch()}>
          {t('showtimes.retry')}
        </button>
      </div>
    );
  }

  const { shows, stale, fetchedAt } = query.data;
  const visible = shows.filter((show) => matchesFilters(show, filters));
  const filtered = activeFilterCount(filters) > 0;

  return (
    <section className={styles.results} aria-labelledby="schedule-heading" aria-busy={query.isFetching}>
      <header className={styles.resultsHead}>
        <h2 id="schedule-heading">{heading}</h2>
        <p className={styles.count} aria-live="polite">
          {filtered && visible.length !== shows.length
            ? t('showtimes.countFiltered', { shown: visible.length, count: shows.length })
            : t('showtimes.count', { count: shows.length })}
        </p>
      </header>
      {stale && fetchedAt ? (
        <p className={`notice notice-info ${styles.stale}`} title={t('showtimes.staleHint')}>
          {t('showtimes.stale', { time: formatShowTime(fetchedAt, locale) })}
          <span className={styles.staleHint}> {t('showtimes.staleHint')}</span>
        </p>
      ) : null}
      {shows.length === 0 ? (
        <p className={`card ${styles.empty}`}>{t('showtimes.empty')}</p>
      ) : visible.length === 0 ? (
        <div className={`card ${styles.empty}`}>
          <p>{t('showtimes.emptyFiltered')}</p>
          <button type="button" className="btn" onClick={onClearFilters}>
            {t('showtimes.clearFilters')}
          </button>
        </div>
      ) : (
        <ShowList shows={visible} now={now} area={{ id: area, name: areaName }} />
      )}
    </section>
  );
}
