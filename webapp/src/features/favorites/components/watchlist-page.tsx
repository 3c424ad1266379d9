import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { LoginPrompt } from '@/components/login-prompt/login-prompt';
import { WATCHLIST } from '@/components/movie-actions/api/favorites-api';
import { usePageTitle } from '@/lib/use-page-title';
import { useOwnUser } from '../api/get-own-user';
import styles from './favorites.module.css';
import { SavedMovies } from './saved-movies';

/** PRODUCT-SPEC §2, Watchlist page: the signed-in user's own watchlist (`/watchlist`, `/watchlist/{ownId}`). */
export function WatchlistPage({ showtimes }: { showtimes?: ReactNode } = {}) {
  usePageTitle('Watchlist');
  const { userId } = useParams();
  const { user, isLoading, isError } = useOwnUser();

  if (!user && !isLoading && !isError) {
    return <LoginPrompt title="Watchlist" message="Please log in to view your watchlist. 🔒" />;
  }
  if (isLoading) {
    return (
      <p className={styles.state} role="status">
        Loading watchlist...
      </p>
    );
  }
  if (!user) {
    return (
      <p className={`notice notice-error ${styles.state}`} role="alert">
        Error loading watchlist.
      </p>
    );
  }
  if (userId !== undefined && userId !== String(user.id)) {
    // The server answers 403 for anyone else's watchlist (API.md): say so plainly.
    return (
      <section className={`card ${styles.prompt}`} aria-labelledby="watchlist-title">
        <h1 id="watchlist-title">Watchlists are private</h1>
        <p className="muted">Only its owner can see a watchlist. Yours is one click away.</p>
        <Link to="/watchlist" className="btn btn-primary">
          Go to my watchlist
        </Link>
      </section>
    );
  }

  return (
    <div className={styles.page}>
      <SavedMovies
        userId={user.id}
        type={WATCHLIST}
        ownedByViewer
        heading={`${user.username}'s Watchlist`}
        texts={{
          loading: 'Loading watchlist...',
          error: 'Error loading watchlist.',
          label: 'Movies on your watchlist',
          empty: (
            <>
              <p className={styles.emptyText}>Your watchlist is empty. 👀</p>
              <p className="muted">Tap the bookmark on any movie to save it for later.</p>
              <Link to="/browse" className="btn btn-primary">
                Browse movies
              </Link>
            </>
          ),
        }}
      />
      {showtimes}
    </div>
  );
}
