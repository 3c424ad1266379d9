import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { FavoriteGrid } from './favorite-grid';
import { userFavoritesQueryOptions, type FavoriteType } from '@/api/favorites';
import { useT } from '@/lib/i18n';
import styles from './favorite-grid.module.css';

export type FavoritesPreviewProps = {
  userId: number | string;
  type: FavoriteType;
  /** How many to show: 4 for a preview, 8 on the profile's Favorites tab (PRODUCT-SPEC §9). */
  limit: number;
  /** Names the grid for screen readers, e.g. "Kaisa's favorite movies". */
  label: string;
  /** Shown when the list is empty. */
  emptyText: string;
  /** "See all" link target (e.g. `/favorites/7`), shown when there are more than `limit`. */
  seeAllHref?: string;
  /** The list is the signed-in user's own. */
  ownedByViewer?: boolean;
};

/** The newest few of a user's favorites or watchlist, for the profile page. */
export function FavoritesPreview({ userId, type, limit, label, emptyText, seeAllHref, ownedByViewer }: FavoritesPreviewProps) {
  const t = useT();
  const query = useQuery(userFavoritesQueryOptions(userId, type, limit));
  if (query.isPending) {
    return (
      <p className="muted" role="status">
        {t('favorites.previewLoading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <p className="notice notice-error" role="alert">
        {type === 1 ? t('watchlist.error') : t('favorites.error')}
      </p>
    );
  }
  const { items, pagination } = query.data;
  if (items.length === 0) return <p className="muted">{emptyText}</p>;
  const total = pagination?.total ?? items.length;
  return (
    <div className={styles.preview}>
      <FavoriteGrid items={items} limit={limit} label={label} ownedByViewer={ownedByViewer} />
      {seeAllHref && total > limit ? (
        <p className={styles.seeAll}>
          <Link to={seeAllHref}>{t('favorites.seeAll', { total })}</Link>
        </p>
      ) : null}
    </div>
  );
}
