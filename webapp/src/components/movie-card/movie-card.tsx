import { useState, type CSSProperties, type ReactNode } from 'react';
import { Link } from '@/lib/router';
import { STAR } from '@/components/icons/glyphs';
import { useFormat, useT } from '@/lib/i18n';
import styles from './movie-card.module.css';

export type MovieCardProps = {
  /** TMDB id; the card links to /movie/{id}. */
  id: number;
  title: string;
  /** Full poster URL, or null for the placeholder. */
  posterUrl: string | null;
  /** Release year (or a `YYYY-MM-DD` date, of which the year is shown). */
  year?: number | string | null;
  /** 0–10, shown with one decimal; null or 0 shows "N/A". */
  rating?: number | null;
  /**
   * Buttons under the card (favorite/watchlist); kept outside the link so they stay
   * separate controls.
   */
  actions?: ReactNode;
  /** `grid` fills its grid cell; `carousel` keeps the card 200–280 px wide (PRODUCT-SPEC §9). */
  layout?: 'grid' | 'carousel';
};

/** A movie tile: poster (or a placeholder with the title), title, year and rating, linking to its page. */
export function MovieCard({ id, title, posterUrl, year, rating, actions, layout = 'grid' }: MovieCardProps) {
  const t = useT();
  const format = useFormat();
  const shownYear = yearOf(year);
  const shownRating = rating ? format.decimal1(rating) : null;
  return (
    <article className={`${styles.card} ${layout === 'carousel' ? styles.carousel : ''}`} data-testid="movie-card">
      <Link to={`/movie/${id}`} className={styles.link}>
        <Poster id={id} title={title} url={posterUrl} />
        <span className={styles.body}>
          <span className={styles.title} data-testid="movie-card-title">
            {title}
          </span>
          <span className={styles.meta}>
            <span>{shownYear ?? t('movieCard.yearUnknown')}</span>
            <span className={styles.rating}>
              {shownRating ? (
                <>
                  <span aria-hidden="true">{STAR} </span>
                  <span className="visually-hidden">{t('movieCard.rating')} </span>
                  {shownRating}
                </>
              ) : (
                <span title={t('movieCard.noRatingTitle')}>{t('movieCard.noRating')}</span>
              )}
            </span>
          </span>
        </span>
      </Link>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </article>
  );
}

/** The year of a `YYYY-MM-DD` date or a year number; null when unknown. */
export function yearOf(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const match = /^\d{4}/.exec(String(value));
  return match ? match[0] : null;
}

function Poster({ id, title, url }: { id: number; title: string; url: string | null }) {
  const [failed, setFailed] = useState(false);
  if (url && !failed) {
    return (
      <span className={styles.poster}>
        <img src={url} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />
      </span>
    );
  }
  return (
    <span className={`${styles.poster} ${styles.placeholder}`} style={{ '--hue': (id * 47) % 360 } as CSSProperties}>
      <span aria-hidden="true">{title}</span>
    </span>
  );
}
