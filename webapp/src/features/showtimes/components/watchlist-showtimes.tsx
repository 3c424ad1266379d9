import { useState, type CSSProperties } from 'react';
import { Link } from '@/lib/router';
import { useSession } from '@/lib/auth-storage';
import { useWatchlistShowtimes, type WatchlistShowing } from '../api/get-watchlist-showtimes';
import { useShowtimePreferences } from '../api/use-showtime-preferences';
import { formatShowWhen } from '../lib/show-time';
import { useT } from '@/lib/i18n';
import { useLocale } from '../lib/use-locale';
import { useNow } from '../lib/use-now';
import { AreaPicker, useAreaName } from './area-picker';
import styles from './in-cinemas.module.css';

/**
 * "From your watchlist, in cinemas near you": the signed-in user's watchlist films with shows in
 * their area in the next 7 days, each with its next show. Nothing for visitors.
 */
export function WatchlistShowtimes() {
  const session = useSession();
  if (!session) return null;
  return <WatchlistShowtimesSection />;
}

function WatchlistShowtimesSection() {
  const t = useT();
  const now = useNow();
  const { preferences, save } = useShowtimePreferences();
  const area = preferences.area;
  const areaName = useAreaName(area);
  const query = useWatchlistShowtimes(area, true);

  let body;
  if (area === null) body = <p className={styles.muted}>{t('showtimes.watchlist.chooseArea')}</p>;
  else if (query.isPending) body = <p className={styles.muted} role="status">{t('showtimes.watchlist.loading')}</p>;
  else if (query.isError)
    body = (
      <p className={styles.error} role="alert">
        {t('showtimes.watchlist.error')}
        <button type="button" className={styles.linkButton} onClick={() => void query.refetch()}>
          {t('showtimes.retry')}
        </button>
      </p>
    );
  else if (query.data.length === 0) body = <p className={styles.muted}>{t('showtimes.watchlist.empty', { area: areaName })}</p>;
  else
    body = (
      <ul className={styles.showings}>
        {query.data.map((showing) => (
          <li key={showing.movie.id}>
            <ShowingCard showing={showing} now={now} />
          </li>
        ))}
      </ul>
    );

  return (
    <section className={styles.watchlist} aria-labelledby="watchlist-showtimes-title" data-testid="watchlist-showtimes">
      <header className={styles.head}>
        <h2 id="watchlist-showtimes-title">{t('showtimes.watchlist.title')}</h2>
        <AreaPicker area={area} onChange={(next) => save({ ...preferences, area: next })} />
      </header>
      {body}
    </section>
  );
}

function ShowingCard({ showing, now }: { showing: WatchlistShowing; now: Date }) {
  const t = useT();
  const locale = useLocale();
  const { movie, nextShow, showCount } = showing;
  const [failed, setFailed] = useState(false);
  return (
    <article className={styles.showing} data-testid="watchlist-showing">
      <Link to={`/movie/${movie.id}`} className={styles.showingLink}>
        {movie.posterUrl && !failed ? (
          <img className={styles.showingPoster} src={movie.posterUrl} alt="" loading="lazy" onError={() => setFailed(true)} />
        ) : (
          <span
            className={`${styles.showingPoster} ${styles.posterFallback}`}
            style={{ '--hue': (movie.id * 47) % 360 } as CSSProperties}
            aria-hidden="true"
          />
        )}
        <span className={styles.showingBody}>
          <span className={styles.showingTitle}>{movie.title}</span>
          <span className={styles.showingNext}>
            {t('showtimes.watchlist.next', { when: formatShowWhen(nextShow.start, now, locale) })}
          </span>
          <span className={`${styles.showingPlace} ${styles.dotted}`}>
            <span>{nextShow.theatre}</span>
            {nextShow.format && nextShow.format !== '2D' ? <span>{nextShow.format}</span> : null}
          </span>
          {showCount > 1 ? <span className={styles.showingMore}>{t('showtimes.watchlist.more', { count: showCount - 1 })}</span> : null}
        </span>
      </Link>
    </article>
  );
}
