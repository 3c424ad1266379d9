import { useState } from 'react';
import { Link } from '@/lib/router';
import { useGroupFavorites, useRemoveGroupFavorite, type GroupFavorite } from '@/api/groups/group-favorites';
import type { Group } from '@/api/groups/types';
import { ConfirmDialog } from '@/components/dialog/confirm-dialog';
import { MessageDialog } from '@/components/dialog/message-dialog';
import { posterSrc } from '@/components/favorite-grid/favorite-grid';
import { showToast } from '@/components/toast/toast-store';
import { useT } from '@/lib/i18n';
import { FAVORITES_PAGE_SIZE, pageCount } from '../lib/paging';
import { Pager } from './pager';
import { CloseIcon } from '@/components/icons/close-icon';
import { FilmIcon } from './icons';
import styles from './groups.module.css';
import pageStyles from './group-page.module.css';

/**
 * Group Favorites, 8 a page: each movie links to its page; the owner and moderators remove one
 * after "Remove this movie from group favorites?" (PRODUCT-SPEC §2, §4, §8).
 */
export function GroupFavorites({ group, canManage }: { group: Group; canManage: boolean }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const query = useGroupFavorites(group.id, page);
  const remove = useRemoveGroupFavorite(group.id);
  const [confirming, setConfirming] = useState<GroupFavorite | null>(null);
  const [failed, setFailed] = useState(false);

  const total = query.data?.total ?? 0;
  const titleOf = (movie: GroupFavorite) => movie.original_title || t('groups.favorites.untitled', { id: movie.tmdb_id });
  const pages = pageCount(total, FAVORITES_PAGE_SIZE);
  // The last movie of the last page removed: step back to a page that has some.
  if (query.isSuccess && !query.isPlaceholderData && page > pages) setPage(pages);

  function onRemove(movie: GroupFavorite) {
    remove.mutate(movie.tmdb_id, {
      onSuccess: () => {
        setConfirming(null);
        showToast(t('groups.favorites.removed'), 'success');
      },
      onError: () => {
        // PRODUCT-SPEC §8: an alert, and the question closes.
        setConfirming(null);
        setFailed(true);
      },
    });
  }

  return (
    <section aria-labelledby="group-favorites-title">
      <h2 id="group-favorites-title" className="visually-hidden">
        {t('groups.favorites.title')}
      </h2>
      {total > 0 ? <p className={pageStyles.listCount}>{t('groups.favorites.count', { count: total })}</p> : null}
      {query.isPending ? (
        <p className="muted" role="status">
          {t('groups.favorites.loading')}
        </p>
      ) : query.isError ? (
        <p className={`muted ${styles.retryLine}`} role="alert">
          {t('groups.favorites.error')}
          <button type="button" className={styles.linkButton} onClick={() => void query.refetch()}>
            {t('groups.common.retry')}
          </button>
        </p>
      ) : query.data.items.length === 0 ? (
        <div className={styles.emptyBox}>
          <p>{t('groups.favorites.empty')}</p>
          {canManage ? <p className="muted">{t('groups.favorites.emptyHint')}</p> : null}
        </div>
      ) : (
        <>
          <ul className={pageStyles.movieGrid} aria-label={t('groups.favorites.listLabel', { name: group.name })} aria-busy={query.isFetching || undefined}>
            {query.data.items.map((movie) => (
              <li key={movie.tmdb_id} className={pageStyles.movie} data-testid="group-favorite">
                <Link
                  to={`/movie/${movie.tmdb_id}`}
                  className={pageStyles.movieLink}
                  aria-label={movie.release_year ? t('groups.favorites.movieLabel', { title: titleOf(movie), year: movie.release_year }) : titleOf(movie)}
                >
                  <MoviePoster movie={movie} />
                  <span className={pageStyles.movieTitle}>{titleOf(movie)}</span>
                  {movie.release_year ? <span className={pageStyles.movieYear}>{movie.release_year}</span> : null}
                </Link>
                {canManage ? (
                  <button
                    type="button"
                    className={pageStyles.removeMovie}
                    aria-label={t('groups.favorites.removeName', { title: titleOf(movie) })}
                    title={t('groups.favorites.removeTitle')}
                    aria-haspopup="dialog"
                    onClick={() => setConfirming(movie)}
                  >
                    <CloseIcon size="1rem" />
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          <Pager page={Math.min(page, pages)} pages={pages} onPage={setPage} label={t('groups.favorites.pagesLabel')} />
        </>
      )}

      {confirming ? (
        <ConfirmDialog
          title={t('groups.favorites.removeTitle')}
          message={t('groups.favorites.removeConfirm')}
          confirmLabel={t('groups.favorites.removeYes')}
          danger
          busy={remove.isPending}
          onConfirm={() => onRemove(confirming)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
      {failed ? (
        <MessageDialog title={t('groups.favorites.removeFailed')} message={t('groups.favorites.removeFailedText')} tone="danger" onClose={() => setFailed(false)} />
      ) : null}
    </section>
  );
}

function MoviePoster({ movie }: { movie: GroupFavorite }) {
  const [broken, setBroken] = useState(false);
  const src = posterSrc(movie);
  if (src && !broken) {
    return <img className={pageStyles.moviePoster} src={src} alt="" loading="lazy" decoding="async" onError={() => setBroken(true)} />;
  }
  return (
    <span className={`${pageStyles.moviePoster} ${pageStyles.movieNoPoster}`} aria-hidden="true">
      <FilmIcon />
    </span>
  );
}
