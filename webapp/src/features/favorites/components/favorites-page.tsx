import { Link, useParams } from '@/lib/router';
import { FAVORITE } from '@/api/favorites';
import { useUser } from '@/api/users';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth-storage';
import { useT } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import styles from './favorites.module.css';
import { SavedMovies } from './saved-movies';

/** `/favorites/{userId}`: anyone's favorite movies (public, API.md). */
export function FavoritesPage() {
  const t = useT();
  const { userId = '' } = useParams();
  const session = useSession();
  const user = useUser(userId);
  const isOwn = session?.user?.id !== undefined && String(session.user.id) === userId;
  usePageTitle(user.data ? t('favorites.pageTitle', { username: user.data.username }) : t('favorites.pageTitleLoading'));

  if (user.isPending) {
    return (
      <p className={styles.state} role="status">
        {t('favorites.loading')}
      </p>
    );
  }
  if (user.isError) {
    const missing = user.error instanceof ApiError && (user.error.status === 404 || user.error.status === 400);
    return (
      <section className={`card ${styles.prompt}`}>
        <h1>{missing ? t('favorites.notFound') : t('favorites.error')}</h1>
        <Link to="/" className="btn">
          {t('favorites.home')}
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
        heading={t('favorites.heading', { username })}
        texts={{
          loading: t('favorites.loading'),
          error: t('favorites.error'),
          label: t('favorites.label', { username }),
          empty: isOwn ? (
            <>
              <p className={styles.emptyText}>{t('favorites.emptyOwn')}</p>
              <p className="muted">{t('favorites.emptyOwnHint')}</p>
              <Link to="/browse" className="btn btn-primary">
                {t('favorites.browse')}
              </Link>
            </>
          ) : (
            <p className={styles.emptyText}>{t('favorites.empty', { username })}</p>
          ),
        }}
      />
      <p className={styles.back}>
        <Link to={`/profile/${user.data.id}`}>{t('favorites.profileLink', { own: isOwn ? 'yes' : 'no', username })}</Link>
      </p>
    </div>
  );
}
