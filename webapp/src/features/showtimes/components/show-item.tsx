import { useState, type CSSProperties } from 'react';
import { Link } from '@/lib/router';
import type { ShowView } from '../api/types';
import { isFinnishDub } from '../lib/filters';
import { capitalized, languageName, subtitleNames } from '../lib/languages';
import { formatShowTime } from '../lib/show-time';
import { useT } from '@/lib/i18n';
import { useLocale } from '../lib/use-locale';
import { AgeRatingBadge } from './age-rating-badge';
import { PlanPartyButton, type PartyArea } from './plan-party';
import styles from './show-list.module.css';

/** One show: when, what (linking to the movie when matched), where, in which language and format, tickets. */
export function ShowItem({ show, now, area }: { show: ShowView; now: Date; area?: PartyArea }) {
  const t = useT();
  const locale = useLocale();
  const start = formatShowTime(show.start, locale);
  const end = show.end ? formatShowTime(show.end, locale) : '';
  const started = new Date(show.start).getTime() <= now.getTime();
  const dubbed = isFinnishDub(show);
  const spoken = show.spokenLanguage ? capitalized(languageName(show.spokenLanguage, locale), locale) : '';
  const subtitles = subtitleNames(show.subtitles, locale);
  const showOriginal = show.originalTitle && show.originalTitle.trim() !== show.title.trim();

  return (
    <li className={`${styles.show} ${started ? styles.started : ''}`} data-testid="show">
      <p className={styles.time}>
        <time dateTime={show.start} className={styles.start}>
          {start}
        </time>
        {end ? (
          <span className={styles.end}>
            <time dateTime={show.end ?? undefined}>{end}</time>
          </span>
        ) : null}
        {started ? <span className={styles.startedLabel}>{t('showtimes.show.started')}</span> : null}
      </p>

      <ShowPoster show={show} />

      <div className={styles.main}>
        <h3 className={styles.title}>
          {show.tmdbId ? <Link to={`/movie/${show.tmdbId}`}>{show.title}</Link> : show.title}
        </h3>
        {showOriginal || show.year ? (
          <p className={`${styles.original} ${styles.dotted}`}>
            {showOriginal ? <span>{show.originalTitle}</span> : null}
            {show.year ? <span>{show.year}</span> : null}
          </p>
        ) : null}
        <p className={`${styles.place} ${styles.dotted}`}>
          <span>{show.theatre}</span>
          {show.auditorium ? <span className={styles.auditorium}>{show.auditorium}</span> : null}
        </p>
        <ul className={styles.tags}>
          {show.format ? <li className={`${styles.tag} ${/3D|IMAX/i.test(show.format) ? styles.tagStrong : ''}`}>{show.format}</li> : null}
          {dubbed ? <li className={styles.tag}>{t('showtimes.show.dubbed')}</li> : spoken ? <li className={styles.tag}>{spoken}</li> : null}
          {subtitles ? (
            <li className={styles.tag}>{t('showtimes.show.subtitles', { languages: subtitles })}</li>
          ) : !dubbed ? (
            <li className={styles.tag}>{t('showtimes.show.noSubtitles')}</li>
          ) : null}
        </ul>
      </div>

      <div className={styles.side}>
        <AgeRatingBadge rating={show.ageRating} />
        {show.ticketUrl ? (
          <a
            className={`btn ${styles.tickets}`}
            href={show.ticketUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('showtimes.show.ticketsFor', { title: show.title, time: start })}
          >
            {t('showtimes.show.tickets')}
          </a>
        ) : null}
        <PlanPartyButton show={show} now={now} area={area} />
      </div>
    </li>
  );
}

function ShowPoster({ show }: { show: ShowView }) {
  const [failed, setFailed] = useState(false);
  if (show.posterUrl && !failed) {
    return <img className={styles.poster} src={show.posterUrl} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />;
  }
  return (
    <span
      className={`${styles.poster} ${styles.posterFallback}`}
      style={{ '--hue': (show.title.length * 47 + (show.year ?? 0)) % 360 } as CSSProperties}
      aria-hidden="true"
    >
      {Array.from(show.title)[0]?.toUpperCase()}
    </span>
  );
}
