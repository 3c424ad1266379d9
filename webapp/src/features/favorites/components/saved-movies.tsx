import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { userFavoritesInfiniteOptions, type FavoriteType } from '@/api/favorites';
import { FavoriteGrid } from '@/components/favorite-grid/favorite-grid';
import { useT } from '@/lib/i18n';
import styles from './favorites.module.css';

type SavedMoviesProps = {
  userId: number | string;
  type: FavoriteType;
  /** The page's heading, shown once the list has loaded. */
  heading: string;
  texts: { loading: string; error: string; empty: ReactNode; label: string };
  /** The signed-in user's own list. */
  ownedByViewer: boolean;
};

/** One user's watchlist or favorites: loading, error, empty, or the grid with "Show more". */
export function SavedMovies({ userId, type, heading, texts, ownedByViewer }: SavedMoviesProps) {
  const t = useT();
  const query = useInfiniteQuery(userFavoritesInfiniteOptions(userId, type));

  if (query.isPending) {
    return (
      <p className={styles.state} role="status">
        {texts.loading}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className={styles.state}>
        <p className="notice notice-error" role="alert">
          {texts.error}
        </p>
        <button type="button" className="btn" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }

  const items = query.data.pages.flatMap((page) => page.items);
  const total = query.data.pages[0]?.pagination?.total ?? items.length;
  return (
    <>
      <header className={styles.head}>
        <h1>{heading}</h1>
        {items.length > 0 ? (
          <p className="muted">
            {t('favorites.count', { count: total })}
          </p>
        ) : null}
      </header>
      {items.length === 0 ? (
        <div className={`card ${styles.empty}`}>{texts.empty}</div>
      ) : (
        <FavoriteGrid items={items} label={texts.label} ownedByViewer={ownedByViewer} headingLevel={2} />
      )}
      {query.hasNextPage ? (
        <div className={styles.more}>
          <button type="button" className="btn" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? t('favorites.loadingMore') : t('favorites.showMore')}
          </button>
        </div>
      ) : null}
    </>
  );
}
