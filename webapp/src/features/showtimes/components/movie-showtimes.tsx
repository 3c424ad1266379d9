import { Link } from '@/lib/router';
import { NEXT_SHOWS_DAYS, useMovieShowtimes } from '../api/get-movie-showtimes';
import type { ShowView } from '../api/types';
import { useShowtimePreferences } from '../api/use-showtime-preferences';
import { scheduleSearch } from '../lib/schedule-params';
import { daysBetween, formatShowDate, formatWeekdayDate, helsinkiDate, type CalendarDate } from '../lib/show-date';
import { formatShowTime, showDay } from '../lib/show-time';
import { useT } from '@/lib/i18n';
import { useLocale } from '../lib/use-locale';
import { useNow } from '../lib/use-now';
import { AgeRatingBadge } from './age-rating-badge';
import { AreaPicker, useAreaName } from './area-picker';
import { PlanPartyButton, type PartyArea } from './plan-party';
import styles from './in-cinemas.module.css';

/** The Movie page's "In cinemas": this film's shows in the chosen area in the next 7 days, by day. */
export function MovieShowtimes({ movieId }: { movieId: number }) {
  const t = useT();
  const now = useNow();
  const { preferences, save } = useShowtimePreferences();
  const area = preferences.area;
  const areaName = useAreaName(area);
  const query = useMovieShowtimes(movieId, area);

  let body;
  if (area === null) body = <p className={styles.muted}>{t('showtimes.inCinemas.chooseArea')}</p>;
  else if (query.isPending) body = <p className={styles.muted} role="status">{t('showtimes.inCinemas.loading')}</p>;
  else if (query.isError)
    body = (
      <p className={styles.error} role="alert">
        {t('showtimes.inCinemas.error')}
        <button type="button" className={styles.linkButton} onClick={() => void query.refetch()}>
          {t('showtimes.retry')}
        </button>
      </p>
    );
  else if (query.data.shows.length === 0)
    body = <p className={styles.muted}>{t('showtimes.inCinemas.empty', { area: areaName, days: NEXT_SHOWS_DAYS })}</p>;
  else body = <ShowDays shows={query.data.shows} now={now} area={{ id: area, name: areaName }} />;

  return (
    <section className={styles.inCinemas} aria-labelledby="in-cinemas-title" data-testid="in-cinemas">
      <header className={styles.head}>
        <h2 id="in-cinemas-title">{t('showtimes.inCinemas.title')}</h2>
        <AreaPicker area={area} onChange={(next) => save({ ...preferences, area: next })} />
      </header>
      {body}
      {area !== null ? (
        <p className={styles.more}>
          <Link to={`/schedule${scheduleSearch({ area, dt: formatShowDate(helsinkiDate(now)) })}`}>
            {t('showtimes.inCinemas.all', { area: areaName })}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

type Day = { day: CalendarDate; key: string; shows: ShowView[] };

function groupByDay(shows: ShowView[]): Day[] {
  const days: Day[] = [];
  for (const show of shows) {
    const day = showDay(show.start);
    if (!day) continue;
    const key = formatShowDate(day);
    const last = days[days.length - 1];
    if (last?.key === key) last.shows.push(show);
    else days.push({ day, key, shows: [show] });
  }
  return days;
}

function ShowDays({ shows, now, area }: { shows: ShowView[]; now: Date; area: PartyArea }) {
  const t = useT();
  const locale = useLocale();
  const today = helsinkiDate(now);
  return (
    <ol className={styles.days}>
      {groupByDay(shows).map(({ day, key, shows: dayShows }) => {
        const offset = daysBetween(today, day);
        const label = offset === 0 ? t('showtimes.today') : offset === 1 ? t('showtimes.tomorrow') : formatWeekdayDate(day, locale);
        return (
          <li key={key} className={styles.day}>
            <h3 className={styles.dayLabel}>{label}</h3>
            <ul className={styles.times}>
              {dayShows.map((show) => (
                <li key={`${show.id}-${show.start}`}>
                  <ShowChip show={show} />
                  <PlanPartyButton show={show} now={now} area={area} compact />
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}

function ShowChip({ show }: { show: ShowView }) {
  const t = useT();
  const locale = useLocale();
  const time = formatShowTime(show.start, locale);
  const content = (
    <>
      <time dateTime={show.start} className={styles.chipTime}>
        {time}
      </time>
      <span className={`${styles.chipPlace} ${styles.dotted}`}>
        <span>{show.theatre}</span>
        {show.auditorium ? <span>{show.auditorium}</span> : null}
      </span>
      <span className={styles.chipMeta}>
        {show.format ? <span className={styles.format}>{show.format}</span> : null}
        <AgeRatingBadge rating={show.ageRating} />
      </span>
    </>
  );
  return show.ticketUrl ? (
    <a
      className={styles.chip}
      href={show.ticketUrl}
      target="_blank"
      rel="noopener noreferrer"
      title={t('showtimes.show.ticketsFor', { title: show.title, time })}
      data-testid="movie-show"
    >
      {content}
    </a>
  ) : (
    <span className={styles.chip} data-testid="movie-show">
      {content}
    </span>
  );
}
