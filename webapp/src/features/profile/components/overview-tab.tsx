import { REVIEW_ERRORS } from '@/components/review/api/reviews-api';
import { ReviewError } from '@/components/review/review-error';
import { ReviewItem } from '@/components/review/review-item';
import type { ProfileUser } from '../api/get-profile';
import { NEWEST_REVIEWS, useNewestReviews } from '../api/get-user-reviews';
import styles from './profile.module.css';

type OverviewTabProps = { user: ProfileUser; isOwn: boolean; viewerId: number | null; onShowReviews: () => void };

/** The Profile tab: groups (once they exist) and the two newest reviews. */
export function OverviewTab({ user, isOwn, viewerId, onShowReviews }: OverviewTabProps) {
  const newest = useNewestReviews(user.id);
  const total = newest.data?.pagination.total ?? 0;
  const shown = newest.data?.reviews.slice(0, NEWEST_REVIEWS) ?? [];
  return (
    <div className={styles.overview}>
      <section aria-labelledby="profile-groups">
        <h2 id="profile-groups" className={styles.panelTitle}>
          {isOwn ? 'My groups' : 'Groups'}
        </h2>
        <p className="muted">Groups arrive soon.</p>
      </section>

      <section aria-labelledby="profile-newest">
        <h2 id="profile-newest" className={styles.panelTitle}>
          Newest reviews
        </h2>
        {newest.isPending ? (
          <p className="muted" role="status">
            Loading reviews…
          </p>
        ) : newest.isError ? (
          <ReviewError title={REVIEW_ERRORS.fetch} error={newest.error} />
        ) : shown.length === 0 ? (
          <p className="muted">{isOwn ? 'You have not written any reviews yet.' : `${user.username} has not written any reviews yet.`}</p>
        ) : (
          <>
            <ol className={styles.reviewList} aria-label={`Newest reviews by ${user.username}`}>
              {shown.map((review) => (
                <li key={review.id}>
                  <ReviewItem review={review} viewerId={viewerId} showMovie hideAuthor />
                </li>
              ))}
            </ol>
            {total > shown.length ? (
              <p className={styles.seeAll}>
                <button type="button" className="btn" onClick={onShowReviews}>
                  See all {total} reviews
                </button>
              </p>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
