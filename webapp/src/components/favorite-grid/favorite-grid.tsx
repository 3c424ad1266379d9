import { useState } from 'react';
import { Link } from '@/lib/router';
import { FAVORITE, WATCHLIST, type Favorite } from '@/api/favorites';
import { MovieActions } from '@/components/movie-actions/movie-actions';
import { STAR } from '@/components/icons/glyphs';
import { useFormat, useT } from '@/lib/i18n';
import styles from './favorite-grid.module.css';

/** TMDB's image service at list width (PRODUCT-SPEC §2: posters at width 300). */
const IMAGE_BASE = 'https://image.tmdb.org/t/p/w300';

/**
 * The poster to show: the server's `poster_url` (the movie catalog's poster, as reviews
 * show it). Only an old entry without one that holds a bare TMDB path (`/abc.jpg`) is
 * shown from TMDB at width 300; a `poster_path` URL is never used on its own, since a
 * client may once have stored any URL there.
 */
export function posterSrc(item: Pick<Favorite, 'poster_url' | 'poster_path'>): string | null {
  const url = item.poster_url;
  if (url && (/^https?:\/\//.test(url) || url.startsWith('/api/'))) return url;
  const path = item.poster_path;
  if (path && /^\/[A-Za-z0-9_-]+\.(jpg|jpeg|png|webp|svg)$/.test(path)) return `${IMAGE_BASE}${path}`;
  return null;
}

/** Whether there is an IMDb-style rating to show (else "N/A", PRODUCT-SPEC §2). */
function hasRating(rating: Favorite['imdb_rating']): rating is number {
  return typeof rating === 'number' && Number.isFinite(rating) && rating > 0;
}

function yearOf(item: Favorite): string {
  return item.release_year ? String(item.release_year) : '';
}

/** One saved movie: poster (or "No image"), title, year and rating link to the movie; the action bar sits beside. */
export function FavoriteCard({ item, ownedByViewer = false, headingLevel = 3 }: { item: Favorite; ownedByViewer?: boolean; headingLevel?: 2 | 3 }) {
  const t = useT();
  const format = useFormat();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // On the viewer's own list its toggle is on: show that before the status lookup answers.
  const known = !ownedByViewer
    ? undefined
    : item.type === WATCHLIST
      ? { is_watchlist: true }
      : item.type === FAVORITE
        ? { is_favorite: true }
        : undefined;
  const movieId = item.tmdb_id ?? item.movie_id;
  const title = item.original_title || t('reviews.movieFallback', { id: movieId });
  const src = posterSrc(item);
  const year = yearOf(item);
  return (
    <li className={styles.card}>
      <Link to={`/movie/${movieId}`} className={styles.link}>
        <Poster src={src} />
        <div className={styles.body}>
          <Heading className={styles.title}>{title}</Heading>
          <p className={styles.meta}>
            {year ? <span>{year}</span> : null}
            <span className={styles.rating}>
              <span aria-hidden="true">{STAR}</span>
              <span className="visually-hidden">{t('favorites.rating')} </span>
              {hasRating(item.imdb_rating) ? format.decimal1(item.imdb_rating) : t('favorites.noRating')}
            </span>
          </p>
        </div>
      </Link>
      <div className={styles.actions}>
        <MovieActions
          movieId={movieId}
          title={title}
          year={item.release_year}
          posterPath={item.poster_path}
          known={known}
        />
      </div>
    </li>
  );
}

function Poster({ src }: { src: string | null }) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  return (
    <div className={styles.poster}>
      {src && !failed ? (
        <img src={src} alt="" loading="lazy" decoding="async" width={300} height={450} onError={() => setFailed(true)} />
      ) : (
        <span className={styles.noImage}>{t('favorites.noImage')}</span>
      )}
    </div>
  );
}

export type FavoriteGridProps = {
  items: Favorite[];
  /** Show only the first N (the profile's previews: 4, or 8 on its Favorites tab). */
  limit?: number;
  /** Names the list for screen readers, e.g. "Kaisa's watchlist". */
  label?: string;
  /** The list is the signed-in user's own (their watchlist, or favorites on their profile). */
  ownedByViewer?: boolean;
  /** The cards' title level: 2 right under a page's h1, 3 (default) under a section's h2. */
  headingLevel?: 2 | 3;
};

/** A responsive grid of saved movies (watchlist, favorites, profile previews). */
export function FavoriteGrid({ items, limit, label, ownedByViewer, headingLevel }: FavoriteGridProps) {
  const shown = limit === undefined ? items : items.slice(0, limit);
  return (
    <ul className={styles.grid} aria-label={label}>
      {shown.map((item) => (
        <FavoriteCard key={`${item.type}-${item.tmdb_id ?? item.movie_id}`} item={item} ownedByViewer={ownedByViewer} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}
