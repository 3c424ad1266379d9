import type { ReactNode } from 'react';
import { Link, useParams } from '@/lib/router';
import { WATCHLIST } from '@/api/favorites';
import { useOwnUser } from '@/api/users';
import { LoginPrompt } from '@/components/login-prompt/login-prompt';
import { useT } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import styles from './favorites.module.css';
import { SavedMovies } from './saved-movies';

/** PRODUCT-SPEC §2, Watchlist page: the signed-in user's own watchlist (`/watchlist`, `/watchlist/{ownId}`). */
export function WatchlistPage({ showtimes }: { showtimes?: ReactNode } = {}) {
  const t = useT();
  usePageTitle(t('watchlist.pageTitle'));
  const { userId } = useParams();
  const { user, isLoading, isError } = useOwnUser();

  if (!user && !isLoading && !isError) {
    return <LoginPrompt title={t('watchlist.pageTitle')} message={t('watchlist.loginMessage')} />;
  }
  if (isLoading) {
    return (
      <p className={styles.state} role="status">
        {t('watchlist.loading')}
      </p>
    );
  }
  if (!user) {
    return (
      <p className={`notice notice-error ${styles.state}`} role="alert">
        {t('watchlist.error')}
      </p>
    );
  }
  if (userId !== undefined && userId !== String(user.id)) {
    // The server answers 403 for anyone else's watchlist (API.md): say so plainly.
    return (
      <section className={`card ${styles.prompt}`} aria-labelledby="watchlist-title">
        <h1 id="watchlist-title">{t('watchlist.private.title')}</h1>
        <p className="muted">{t('watchlist.private.text')}</p>
        <Link to="/watchlist" className="btn btn-primary">
          {t('watchlist.private.link')}
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
        heading={t('watchlist.heading', { username: user.username })}
        texts={{
          loading: t('watchlist.loading'),
          error: t('watchlist.error'),
          label: t('watchlist.label'),
          empty: (
            <>
              <p className={styles.emptyText}>{t('watchlist.empty')}</p>
              <p className="muted">{t('watchlist.emptyHint')}</p>
              <Link to="/browse" className="btn btn-primary">
                {t('favorites.browse')}
              </Link>
            </>
          ),
        }}
      />
      {showtimes}
    </div>
  );
}
