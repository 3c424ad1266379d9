import { useUserReviews } from '@/api/reviews';
import type { User } from '@/api/users';
import { ReviewError } from '@/components/review/review-error';
import { ReviewItem } from '@/components/review/review-item';
import { useT } from '@/lib/i18n';
import styles from './profile.module.css';

/** Every review of the user, newest first, with the movie each is about; "Load more". */
export function ReviewsTab({ user, isOwn, viewerId }: { user: User; isOwn: boolean; viewerId: number | null }) {
  const t = useT();
  const query = useUserReviews(user.id);
  const nextPageError: unknown = query.error;
  const reviews = query.data?.pages.flatMap((page) => page.reviews) ?? [];
  const total = query.data?.pages.at(-1)?.pagination.total ?? 0;
  return (
    <section aria-labelledby="profile-reviews">
      <h2 id="profile-reviews" className={styles.panelTitle}>
        {t('profile.reviews.title')} {query.isSuccess ? <span className={styles.count}>{t('profile.reviews.count', { total })}</span> : null}
      </h2>
      {query.isPending ? (
        <p className="muted" role="status">
          {t('reviews.loading')}
        </p>
      ) : query.isError ? (
        <ReviewError kind="fetch" error={query.error} />
      ) : reviews.length === 0 ? (
        <p className="muted">{t('profile.noReviews', { own: isOwn ? 'yes' : 'no', username: user.username })}</p>
      ) : (
        <>
          <ol className={styles.reviewList} aria-label={t('profile.reviews.label', { username: user.username })}>
            {reviews.map((review) => (
              <li key={review.id}>
                <ReviewItem review={review} viewerId={viewerId} showMovie hideAuthor />
              </li>
            ))}
          </ol>
          <LoadMore
            shown={reviews.length}
            total={total}
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onMore={() => void query.fetchNextPage()}
          />
          {query.isFetchNextPageError ? <ReviewError kind="fetch" error={nextPageError} /> : null}
        </>
      )}
    </section>
  );
}

type LoadMoreProps = { shown: number; total: number; hasMore: boolean; loading: boolean; onMore: () => void };

export function LoadMore({ shown, total, hasMore, loading, onMore }: LoadMoreProps) {
  const t = useT();
  if (!hasMore) return null;
  return (
    <div className={styles.more}>
      <p className="muted">
        {t('reviews.showing', { shown, total })}
      </p>
      <button type="button" className="btn" disabled={loading} onClick={onMore}>
        {loading ? t('reviews.loadingMore') : t('profile.loadMore')}
      </button>
    </div>
  );
}
