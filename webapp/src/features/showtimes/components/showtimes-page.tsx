import { useEffect, useRef } from 'react';
import { useSearchParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { useSchedule } from '../api/get-schedule';
import { useTheatreAreas } from '../api/get-theatre-areas';
import { useShowtimePreferences } from '../api/use-showtime-preferences';
import type { ShowFilters } from '../lib/filters';
import { isCompleteSearch, readScheduleParams, scheduleSearch } from '../lib/schedule-params';
import { formatShowDate, helsinkiDate, normalizeShowDate } from '../lib/show-date';
import { useT } from '@/lib/i18n';
import { useNow } from '../lib/use-now';
import { ScheduleFilters } from './schedule-filters';
import { ScheduleResults } from './schedule-results';
import { SearchForm } from './search-form';
import styles from './showtimes-page.module.css';

/** `/schedule`: Finnkino's shows for an area and a day, kept in the URL (`?area=1002&dt=24.11.2026`). */
export function ShowtimesPage() {
  const t = useT();
  usePageTitle(t('showtimes.title'));
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const search = readScheduleParams(params);
  const areasQuery = useTheatreAreas();
  const { preferences, isReady, save } = useShowtimePreferences();
  const complete = isCompleteSearch(search) ? { area: search.area, dt: normalizeShowDate(search.dt) ?? search.dt } : null;
  const schedule = useSchedule(complete);

  // A returning visitor with a remembered area lands on today's shows there.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !isReady) return;
    opened.current = true;
    if (search.area === null && search.dt === null && preferences.area !== null) {
      setParams(scheduleSearch({ area: preferences.area, dt: formatShowDate(helsinkiDate(new Date())) }), { replace: true });
    }
  }, [isReady, preferences.area, search.area, search.dt, setParams]);

  function onSearch(next: { area: number; dt: string }) {
    setParams(scheduleSearch(next));
    if (next.area !== preferences.area) save({ ...preferences, area: next.area });
  }

  function onFilters(filters: ShowFilters) {
    save({ ...preferences, filters });
  }

  const areas = areasQuery.data ?? [];
  const areaName = areas.find((area) => area.id === search.area)?.name ?? (search.area !== null ? String(search.area) : '');
  const invalidUrlDate = search.dt !== null && normalizeShowDate(search.dt) === null;
  const incompleteUrl = !complete && (search.area !== null || search.dt !== null) && !invalidUrlDate;

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1>{t('showtimes.title')}</h1>
        <p className="muted">{t('showtimes.lead')}</p>
      </header>

      <SearchForm
        key={params.toString()}
        areas={{ areas, isPending: areasQuery.isPending, isError: areasQuery.isError, retry: () => void areasQuery.refetch() }}
        initialArea={search.area ?? preferences.area}
        initialDate={search.dt ?? formatShowDate(helsinkiDate(now))}
        currentDt={complete?.dt ?? null}
        now={now}
        onSearch={onSearch}
      />

      <ScheduleFilters filters={preferences.filters} onChange={onFilters} />

      {invalidUrlDate ? (
        <p className="notice notice-error" role="alert">
          {t('showtimes.date.invalid')}
        </p>
      ) : incompleteUrl ? (
        <p className="notice notice-error" role="alert">
          {t('showtimes.missing')}
        </p>
      ) : complete ? (
        <ScheduleResults
          query={schedule}
          areaName={areaName}
          area={complete.area}
          dt={complete.dt}
          filters={preferences.filters}
          onClearFilters={() => onFilters({ ...preferences.filters, originalWithFinnishSubtitles: false, finnishDub: false, formats: [], maxAge: null })}
          now={now}
        />
      ) : (
        <p className={`muted ${styles.start}`}>{t('showtimes.start')}</p>
      )}
    </div>
  );
}
