import { REVIEW_ERRORS } from '@/components/review/api/reviews-api';
import { ReviewError } from '@/components/review/review-error';
import { ReviewItem } from '@/components/review/review-item';
import type { ProfileUser } from '../api/get-profile';
import { useUserReviews } from '../api/get-user-reviews';
import styles from './profile.module.css';

/** Every review of the user, newest first, with the movie each is about; "Load more". */
export function ReviewsTab({ user, isOwn, viewerId }: { user: ProfileUser; isOwn: boolean; viewerId: number | null }) {
  const query = useUserReviews(user.id);
  const nextPageError: unknown = query.error;
  const reviews = query.data?.pages.flatMap((page) => page.reviews) ?? [];
  const total = query.data?.pages.at(-1)?.pagination.total ?? 0;
  return (
    <section aria-labelledby="profile-reviews">
      <h2 id="profile-reviews" className={styles.panelTitle}>
        Reviews {query.isSuccess ? <span className={styles.count}>({total})</span> : null}
      </h2>
      {query.isPending ? (
        <p className="muted" role="status">
          Loading reviews…
        </p>
      ) : query.isError ? (
        <ReviewError title={REVIEW_ERRORS.fetch} error={query.error} />
      ) : reviews.length === 0 ? (
        <p className="muted">{isOwn ? 'You have not written any reviews yet.' : `${user.username} has not written any reviews yet.`}</p>
      ) : (
        <>
          <ol className={styles.reviewList} aria-label={`Reviews by ${user.username}`}>
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
          {query.isFetchNextPageError ? <ReviewError title={REVIEW_ERRORS.fetch} error={nextPageError} /> : null}
        </>
      )}
    </section>
  );
}

type LoadMoreProps = { shown: number; total: number; hasMore: boolean; loading: boolean; onMore: () => void };

export function LoadMore({ shown, total, hasMore, loading, onMore }: LoadMoreProps) {
  if (!hasMore) return null;
  return (
    <div className={styles.more}>
      <p className="muted">
        Showing {shown} of {total}
      </p>
      <button type="button" className="btn" disabled={loading} onClick={onMore}>
        {loading ? 'Loading…' : 'Load more'}
      </button>
    </div>
  );
}
