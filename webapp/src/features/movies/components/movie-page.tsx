import type { ReactNode } from 'react';
import { Link, useParams } from '@/lib/router';
import { useMovie, type Movie } from '@/api/movies';
import { PLAY, STAR } from '@/components/icons/glyphs';
import { ApiError } from '@/lib/api-client';
import { useGenreName, useIntl, useT } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { formatDate, formatMoney, formatRating, formatRuntime } from '../lib/format';
import { crewJobs } from '../lib/crew-jobs';
import { CopyLinkButton } from './copy-link-button';
import { PeopleCarousel } from './people-carousel';
import styles from './movie-page.module.css';

/** What the slots get to work with: the movie as lists and favorites know it. */
export type MovieSlotInfo = Pick<Movie, 'id' | 'title' | 'originalTitle' | 'posterPath' | 'releaseDate' | 'voteAverage'>;

export type MoviePageProps = {
  /** Watchlist and favorite buttons (the app composes them in; features don't import each other). */
  renderActions?: (movie: MovieSlotInfo) => ReactNode;
  /** The group selector with "Add to Group Favorites". */
  renderGroupSelector?: (movie: MovieSlotInfo) => ReactNode;
  /** Community reviews with the write-review form. */
  renderReviews?: (movie: MovieSlotInfo) => ReactNode;
  /** "In cinemas": the film's next shows near the viewer. */
  renderShowtimes?: (movie: MovieSlotInfo) => ReactNode;
};

/** `/movie/:id`: everything about one movie. */
export function MoviePage(props: MoviePageProps) {
  const { id: rawId } = useParams();
  const id = /^\d+$/.test(rawId ?? '') && Number(rawId) > 0 ? Number(rawId) : null;
  const t = useT();
  const query = useMovie(id);
  usePageTitle(query.data?.title ?? (query.isPending && id !== null ? t('movie.pageTitle') : t('movie.notFound.title')));

  // 404 is an unknown movie; 400 an id the server cannot take (too large, say).
  const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  if (id === null || missing) return <MovieNotFound />;
  if (query.isPending) {
    return (
      <p className={styles.loading} role="status">
        {t('movie.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className={`card center-card ${styles.failed}`} role="alert">
        <h1>{t('movie.failed.title')}</h1>
        <p className="muted">{t('movie.failed.text')}</p>
        <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return <MovieDetails movie={query.data} {...props} />;
}

function MovieNotFound() {
  const t = useT();
  return (
    <div className="card center-card" role="alert">
      <h1>{t('movie.notFound.title')}</h1>
      <p className="muted">{t('movie.notFound.text')}</p>
      <Link to="/browse" className="btn btn-primary">
        {t('movie.browse')}
      </Link>
    </div>
  );
}

function MovieDetails({ movie, renderActions, renderGroupSelector, renderReviews, renderShowtimes }: { movie: Movie } & MoviePageProps) {
  const t = useT();
  const genreName = useGenreName();
  const intl = useIntl();
  const year = /^\d{4}/.exec(movie.releaseDate)?.[0] ?? null;
  const rating = formatRating(intl, movie.voteAverage);
  const runtime = formatRuntime(intl, movie.runtime);
  const slot: MovieSlotInfo = {
    id: movie.id,
    title: movie.title,
    originalTitle: movie.originalTitle,
    posterPath: movie.posterPath,
    releaseDate: movie.releaseDate,
    voteAverage: movie.voteAverage,
  };
  const pageUrl = `${window.location.origin}/movie/${movie.id}`;

  return (
    <article className={styles.movie} aria-labelledby="movie-title">
      <div className={styles.hero}>
        <div className={styles.posterBox}>
          {movie.posterPath ? (
            <img className={styles.poster} src={movie.posterPath} alt={t('movie.poster', { title: movie.title })} />
          ) : (
            <div className={`${styles.poster} ${styles.noPoster}`} role="img" aria-label={t('movie.noPoster', { title: movie.title })}>
              <span>{movie.title}</span>
            </div>
          )}
        </div>

        <div className={styles.info}>
          <h1 id="movie-title" className={styles.title}>
            {movie.title} {year ? <span className={styles.year}>{t('movie.yearInParens', { year })}</span> : null}
          </h1>
          {movie.originalTitle && movie.originalTitle !== movie.title ? (
            <p className={styles.original}>
              {movie.originalTitle}
            </p>
          ) : null}
          {movie.tagline ? <p className={styles.tagline}>{movie.tagline}</p> : null}

          <ul className={styles.meta} aria-label={t('movie.atAGlance')}>
            <li className={styles.score}>
              {rating ? (
                <>
                  <span aria-hidden="true">{STAR}</span> <strong>{rating}</strong>
                  <span className={styles.outOf}> {t('movie.outOf10')}</span>
                </>
              ) : (
                t('movie.notRated')
              )}
            </li>
            {year ? <li>{year}</li> : null}
            {movie.runtime ? <li>{runtime}</li> : null}
          </ul>

          {movie.genres.length > 0 ? (
            <ul className={styles.genres} aria-label={t('movie.genres')}>
              {movie.genres.map((genre) => (
                <li key={genre.id}>
                  <Link to={`/browse?genres=${genre.id}`} className={styles.genre}>
                    {genreName(genre)}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}

          <div className={styles.actions}>
            {movie.trailer ? (
              <a className="btn btn-primary" href={movie.trailer.url} target="_blank" rel="noopener noreferrer">
                <span aria-hidden="true">{PLAY}</span> {t('movie.trailer')}
                <span className="visually-hidden"> {t('movie.newTab')}</span>
              </a>
            ) : null}
            <CopyLinkButton url={pageUrl} />
            <div className={styles.slot} data-testid="movie-actions-slot">
              {renderActions?.(slot)}
            </div>
          </div>
          <div className={styles.slot} data-testid="movie-group-slot">
            {renderGroupSelector?.(slot)}
          </div>

          <section className={styles.overview} aria-labelledby="movie-overview">
            <h2 id="movie-overview">{t('movie.overview')}</h2>
            <p>{movie.overview || t('movie.noOverview')}</p>
          </section>
          <aside className={styles.facts} aria-labelledby="movie-facts">
            <h2 id="movie-facts">{t('movie.facts')}</h2>
            <dl>
              <div>
                <dt>{t('movie.originalTitle')}</dt>
                <dd>{movie.originalTitle || movie.title}</dd>
              </div>
              <div>
                <dt>{t('movie.releaseDate')}</dt>
                <dd>{formatDate(intl, movie.releaseDate)}</dd>
              </div>
              <div>
                <dt>{t('movie.runtime')}</dt>
                <dd>{runtime}</dd>
              </div>
              <div>
                <dt>{t('movie.budget')}</dt>
                <dd>{formatMoney(intl, movie.budget)}</dd>
              </div>
              <div>
                <dt>{t('movie.revenue')}</dt>
                <dd>{formatMoney(intl, movie.revenue)}</dd>
              </div>
            </dl>
          </aside>
        </div>

      </div>

      {renderShowtimes?.(slot)}

      <PeopleCarousel
        title={t('movie.cast')}
        empty={t('movie.noCast')}
        people={movie.cast.map((c) => ({ id: c.id, name: c.name, role: c.character, profilePath: c.profilePath }))}
      />
      <PeopleCarousel
        title={t('movie.crew')}
        empty={t('movie.noCrew')}
        people={movie.keyCrew.map((c) => ({ id: c.id, name: c.name, role: crewJobs(c.job, t), profilePath: c.profilePath }))}
      />

      <div id="reviews" className={styles.reviewsSlot} data-testid="movie-reviews-slot">
        {renderReviews?.(slot)}
      </div>
    </article>
  );
}
