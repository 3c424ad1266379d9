import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { useMovie } from '../api/get-movie';
import { formatDate, formatMoney, formatRating, formatRuntime } from '../lib/format';
import type { Movie } from '../types';
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
  const query = useMovie(id);
  usePageTitle(query.data?.title ?? (query.isPending && id !== null ? 'Movie' : 'Movie not found'));

  // 404 is an unknown movie; 400 an id the server cannot take (too large, say).
  const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  if (id === null || missing) return <MovieNotFound />;
  if (query.isPending) {
    return (
      <p className={styles.loading} role="status">
        Loading movie…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className={`card center-card ${styles.failed}`} role="alert">
        <h1>Could not load this movie</h1>
        <p className="muted">The movie service did not answer. Please try again in a moment.</p>
        <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <MovieDetails movie={query.data} {...props} />;
}

function MovieNotFound() {
  return (
    <div className="card center-card" role="alert">
      <h1>Movie not found</h1>
      <p className="muted">There is no movie at this address.</p>
      <Link to="/browse" className="btn btn-primary">
        Browse movies
      </Link>
    </div>
  );
}

function MovieDetails({ movie, renderActions, renderGroupSelector, renderReviews, renderShowtimes }: { movie: Movie } & MoviePageProps) {
  const year = /^\d{4}/.exec(movie.releaseDate)?.[0] ?? null;
  const rating = formatRating(movie.voteAverage);
  const runtime = formatRuntime(movie.runtime);
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
            <img className={styles.poster} src={movie.posterPath} alt={`Poster of ${movie.title}`} />
          ) : (
            <div className={`${styles.poster} ${styles.noPoster}`} role="img" aria-label={`No poster for ${movie.title}`}>
              <span>{movie.title}</span>
            </div>
          )}
        </div>

        <div className={styles.info}>
          <h1 id="movie-title" className={styles.title}>
            {movie.title} {year ? <span className={styles.year}>({year})</span> : null}
          </h1>
          {movie.originalTitle && movie.originalTitle !== movie.title ? (
            <p className={styles.original}>
              {movie.originalTitle}
            </p>
          ) : null}
          {movie.tagline ? <p className={styles.tagline}>{movie.tagline}</p> : null}

          <ul className={styles.meta} aria-label="At a glance">
            <li className={styles.score}>
              {rating ? (
                <>
                  <span aria-hidden="true">★</span> <strong>{rating}</strong>
                  <span className={styles.outOf}> / 10</span>
                </>
              ) : (
                'Not rated yet'
              )}
            </li>
            {year ? <li>{year}</li> : null}
            {movie.runtime ? <li>{runtime}</li> : null}
          </ul>

          {movie.genres.length > 0 ? (
            <ul className={styles.genres} aria-label="Genres">
              {movie.genres.map((genre) => (
                <li key={genre.id}>
                  <Link to={`/browse?genres=${genre.id}`} className={styles.genre}>
                    {genre.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}

          <div className={styles.actions}>
            {movie.trailer ? (
              <a className="btn btn-primary" href={movie.trailer.url} target="_blank" rel="noopener noreferrer">
                <span aria-hidden="true">▶</span> Watch trailer
                <span className="visually-hidden"> (opens in a new tab)</span>
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
            <h2 id="movie-overview">Overview</h2>
            <p>{movie.overview || 'No overview available.'}</p>
          </section>
          <aside className={styles.facts} aria-labelledby="movie-facts">
            <h2 id="movie-facts">Facts</h2>
            <dl>
              <div>
                <dt>Original title</dt>
                <dd>{movie.originalTitle || movie.title}</dd>
              </div>
              <div>
                <dt>Release date</dt>
                <dd>{formatDate(movie.releaseDate)}</dd>
              </div>
              <div>
                <dt>Runtime</dt>
                <dd>{runtime}</dd>
              </div>
              <div>
                <dt>Budget</dt>
                <dd>{formatMoney(movie.budget)}</dd>
              </div>
              <div>
                <dt>Revenue</dt>
                <dd>{formatMoney(movie.revenue)}</dd>
              </div>
            </dl>
          </aside>
        </div>

      </div>

      {renderShowtimes?.(slot)}

      <PeopleCarousel
        title="Cast"
        empty="No cast listed."
        people={movie.cast.map((c) => ({ id: c.id, name: c.name, role: c.character, profilePath: c.profilePath }))}
      />
      <PeopleCarousel
        title="Key crew"
        empty="No crew listed."
        people={movie.keyCrew.map((c) => ({ id: c.id, name: c.name, role: c.job, profilePath: c.profilePath }))}
      />

      <div id="reviews" className={styles.reviewsSlot} data-testid="movie-reviews-slot">
        {renderReviews?.(slot)}
      </div>
    </article>
  );
}
