import { useId } from 'react';
import { AGE_RATINGS, FORMATS, isAgeRating, type ShowFilters, type ShowFormat } from '../lib/filters';
import { useT } from '@/lib/i18n';
import styles from './showtimes-page.module.css';

type Props = { filters: ShowFilters; onChange: (filters: ShowFilters) => void };

/** Language, format and age-limit filters; toggles say whether they are on (aria-pressed). */
export function ScheduleFilters({ filters, onChange }: Props) {
  const t = useT();
  const id = useId();

  function toggleFormat(format: ShowFormat) {
    const formats = filters.formats.includes(format) ? filters.formats.filter((f) => f !== format) : [...filters.formats, format];
    onChange({ ...filters, formats });
  }

  return (
    <div className={styles.filters} role="group" aria-label={t('showtimes.filters')}>
      <Toggle
        pressed={filters.originalWithFinnishSubtitles}
        onClick={() => onChange({ ...filters, originalWithFinnishSubtitles: !filters.originalWithFinnishSubtitles })}
      >
        {t('showtimes.filters.originalWithFinnishSubtitles')}
      </Toggle>
      <Toggle pressed={filters.finnishDub} onClick={() => onChange({ ...filters, finnishDub: !filters.finnishDub })}>
        {t('showtimes.filters.finnishDub')}
      </Toggle>
      {FORMATS.map((format) => (
        <Toggle key={format} pressed={filters.formats.includes(format)} onClick={() => toggleFormat(format)}>
          {format}
        </Toggle>
      ))}
      <span className={styles.ageFilter}>
        <label htmlFor={`${id}-age`}>{t('showtimes.filters.maxAge')}</label>
        <select
          id={`${id}-age`}
          value={filters.maxAge ?? ''}
          onChange={(event) => onChange({ ...filters, maxAge: isAgeRating(event.target.value) ? event.target.value : null })}
        >
          <option value="">{t('showtimes.filters.anyAge')}</option>
          {AGE_RATINGS.map((rating) => (
            <option key={rating} value={rating}>
              {rating}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}

function Toggle({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: string }) {
  return (
    <button type="button" className={styles.chip} aria-pressed={pressed} onClick={onClick}>
      {children}
    </button>
  );
}
