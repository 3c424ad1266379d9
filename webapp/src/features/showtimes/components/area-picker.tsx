import { useId } from 'react';
import { useTheatreAreas } from '../api/get-theatre-areas';
import { parseAreaId } from '../lib/schedule-params';
import { useT } from '@/lib/i18n';
import styles from './in-cinemas.module.css';

/** A compact area select for the Movie page and the watchlist (choosing saves the area). */
export function AreaPicker({ area, onChange }: { area: number | null; onChange: (area: number) => void }) {
  const t = useT();
  const id = useId();
  const areas = useTheatreAreas();
  if (areas.isError) {
    return (
      <p className={styles.error} role="alert">
        {t('showtimes.area.error')}
      </p>
    );
  }
  return (
    <span className={styles.areaPicker}>
      <label htmlFor={id}>{t('showtimes.area.label')}</label>
      <select
        id={id}
        value={area ?? ''}
        onChange={(event) => {
          const chosen = parseAreaId(event.target.value);
          if (chosen !== null) onChange(chosen);
        }}
      >
        <option value="" disabled>
          {areas.isPending ? t('showtimes.area.loading') : t('showtimes.area.choose')}
        </option>
        {(areas.data ?? []).map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </span>
  );
}

/** The area's name, once the areas are loaded. */
export function useAreaName(area: number | null): string {
  const areas = useTheatreAreas();
  return areas.data?.find((option) => option.id === area)?.name ?? '';
}
