import { useId, useRef, useState, type FormEvent } from 'react';
import type { TheatreArea } from '../api/types';
import { parseAreaId } from '../lib/schedule-params';
import {
  formatDayMonth,
  formatShowDate,
  formatWeekday,
  fromIsoDate,
  normalizeShowDate,
  parseShowDate,
  quickDates,
  toIsoDate,
} from '../lib/show-date';
import { useT } from '@/lib/i18n';
import { useLocale } from '../lib/use-locale';
import styles from './showtimes-page.module.css';

export type AreasState = { areas: TheatreArea[]; isPending: boolean; isError: boolean; retry: () => void };

type SearchFormProps = {
  areas: AreasState;
  /** The area and the date the form starts with (from the URL, the remembered area, or today). */
  initialArea: number | null;
  initialDate: string;
  /** The search shown below, for marking its quick date. */
  currentDt: string | null;
  now: Date;
  onSearch: (search: { area: number; dt: string }) => void;
};

/** Area, date (dd.mm.yyyy, or the calendar), Search, and the five quick dates. */
export function SearchForm({ areas, initialArea, initialDate, currentDt, now, onSearch }: SearchFormProps) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const [area, setArea] = useState(initialArea === null ? '' : String(initialArea));
  const [date, setDate] = useState(initialDate);
  const [dateTouched, setDateTouched] = useState(false);
  const [missing, setMissing] = useState(false);
  const calendar = useRef<HTMLInputElement>(null);

  const dateInvalid = date.trim() !== '' && parseShowDate(date) === null;
  const showDateWarning = dateInvalid && dateTouched;

  function submit(areaText: string, dateText: string) {
    const areaId = parseAreaId(areaText);
    if (areaId === null || dateText.trim() === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    const dt = normalizeShowDate(dateText);
    if (!dt) {
      setDateTouched(true);
      return;
    }
    setDate(dt);
    onSearch({ area: areaId, dt });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit(area, date);
  }

  function pickQuickDate(dt: string) {
    setDate(dt);
    setDateTouched(false);
    // With an area chosen a quick date searches at once; without, it only fills the date.
    if (parseAreaId(area) !== null) submit(area, dt);
  }

  function openCalendar() {
    const input = calendar.current;
    if (!input) return;
    const parsed = parseShowDate(date);
    input.value = parsed ? toIsoDate(parsed) : '';
    try {
      input.showPicker();
    } catch {
      input.focus(); // browsers without showPicker(): the native input takes over
    }
  }

  const quick = quickDates(now);
  const current = currentDt ? normalizeShowDate(currentDt) : null;
  const dateHintId = `${id}-date-hint`;
  const dateWarningId = `${id}-date-warning`;

  return (
    <form className={`card ${styles.form}`} onSubmit={onSubmit} noValidate aria-label={t('showtimes.title')}>
      <div className={styles.fields}>
        <div className={styles.field}>
          <label htmlFor={`${id}-area`}>{t('showtimes.area.label')}</label>
          <select
            id={`${id}-area`}
            value={area}
            onChange={(event) => {
              setArea(event.target.value);
              setMissing(false);
            }}
            disabled={areas.isPending && areas.areas.length === 0}
          >
            <option value="">{areas.isPending ? t('showtimes.area.loading') : t('showtimes.area.choose')}</option>
            {areas.areas.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
          {areas.isError ? (
            <p className={`${styles.fieldError}`} role="alert">
              {t('showtimes.area.error')}
              <button type="button" className={styles.linkButton} onClick={areas.retry}>
                {t('showtimes.retry')}
              </button>
            </p>
          ) : null}
        </div>

        <div className={styles.field}>
          <label htmlFor={`${id}-date`}>{t('showtimes.date.label')}</label>
          <div className={styles.dateRow}>
            <input
              id={`${id}-date`}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('showtimes.date.hint')}
              value={date}
              aria-invalid={showDateWarning}
              aria-describedby={showDateWarning ? dateWarningId : dateHintId}
              onChange={(event) => {
                setDate(event.target.value);
                setMissing(false);
              }}
              onBlur={() => setDateTouched(true)}
            />
            <button type="button" className={`btn ${styles.calendarButton}`} onClick={openCalendar} title={t('showtimes.date.calendar')}>
              <CalendarIcon />
              <span className="visually-hidden">{t('showtimes.date.calendar')}</span>
            </button>
            <input
              ref={calendar}
              type="date"
              className={styles.calendarInput}
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => {
                const picked = fromIsoDate(event.target.value);
                if (picked) {
                  setDate(formatShowDate(picked));
                  setDateTouched(false);
                  setMissing(false);
                }
              }}
            />
          </div>
          {showDateWarning ? (
            <p id={dateWarningId} className={styles.fieldError} role="alert">
              {t('showtimes.date.invalid')}
            </p>
          ) : (
            <p id={dateHintId} className={styles.hint}>
              {t('showtimes.date.hint')}
            </p>
          )}
        </div>

        <button type="submit" className={`btn btn-primary ${styles.searchButton}`}>
          {t('showtimes.search')}
        </button>
      </div>

      {missing ? (
        <p className={`notice notice-error ${styles.missing}`} role="alert">
          {t('showtimes.missing')}
        </p>
      ) : null}

      <div className={styles.quick} role="group" aria-label={t('showtimes.quickDates')}>
        {quick.map(({ dt, date: day, offset }) => (
          <button
            key={dt}
            type="button"
            className={styles.quickButton}
            aria-pressed={current === dt}
            onClick={() => pickQuickDate(dt)}
          >
            <span className={styles.quickLabel}>
              {offset === 0 ? t('showtimes.today') : offset === 1 ? t('showtimes.tomorrow') : formatWeekday(day, locale)}
            </span>
            <span className={styles.quickDate}>{formatDayMonth(day)}</span>
          </button>
        ))}
      </div>
    </form>
  );
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 20 20" width="1.1em" height="1.1em" aria-hidden="true" focusable="false">
      <rect x="2.5" y="4" width="15" height="13.5" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M2.5 8h15M6.5 2v4M13.5 2v4" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      <rect x="5.5" y="10.5" width="3" height="2.5" rx="0.5" fill="currentColor" />
    </svg>
  );
}
