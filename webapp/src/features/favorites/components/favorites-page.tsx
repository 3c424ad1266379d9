import { Link, useParams } from 'react-router';
import { FAVORITE } from '@/components/movie-actions/api/favorites-api';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth-storage';
import { usePageTitle } from '@/lib/use-page-title';
import { useUser } from '../api/get-user';
import styles from './favorites.module.css';
import { SavedMovies } from './saved-movies';

/** `/favorites/{userId}`: anyone's favorite movies (public, API.md). */
export function FavoritesPage() {
  const { userId = '' } = useParams();
  const session = useSession();
  const user = useUser(userId);
  const isOwn = session?.user?.id !== undefined && String(session.user.id) === userId;
  usePageTitle(user.data ? `${user.data.username}'s Favorites` : 'Favorites');

  if (user.isPending) {
    return (
      <p className={styles.state} role="status">
        Loading favorites...
      </p>
    );
  }
  if (user.isError) {
    const missing = user.error instanceof ApiError && (user.error.status === 404 || user.error.status === 400);
    return (
      <section className={`card ${styles.prompt}`}>
        <h1>{missing ? 'Profile not found.' : 'Error loading favorites.'}</h1>
        <Link to="/" className="btn">
          Back to home
        </Link>
      </section>
    );
  }

  const username = user.data.username;
  return (
    <div className={styles.page}>
      <SavedMovies
        userId={user.data.id}
        type={FAVORITE}
        ownedByViewer={isOwn}
        heading={`${username}'s Favorites`}
        texts={{
          loading: 'Loading favorites...',
          error: 'Error loading favorites.',
          label: `${username}'s favorite movies`,
          empty: isOwn ? (
            <>
              <p className={styles.emptyText}>You have no favorites yet. ❤️</p>
              <p className="muted">Tap the heart on any movie to keep it here.</p>
              <Link to="/browse" className="btn btn-primary">
                Browse movies
              </Link>
            </>
          ) : (
            <p className={styles.emptyText}>{username} has no favorite movies yet.</p>
          ),
        }}
      />
      <p className={styles.back}>
        <Link to={`/profile/${user.data.id}`}>View {isOwn ? 'your' : `${username}'s`} profile</Link>
      </p>
    </div>
  );
}
