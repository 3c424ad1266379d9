import type { ReactNode } from 'react';
import { NEWEST_REVIEWS, useNewestReviews } from '@/api/reviews';
import type { User } from '@/api/users';
import { ReviewError } from '@/components/review/review-error';
import { ReviewItem } from '@/components/review/review-item';
import { useT } from '@/lib/i18n';
import styles from './profile.module.css';

type OverviewTabProps = {
  user: User;
  isOwn: boolean;
  viewerId: number | null;
  /** "My groups" (the groups feature's, composed in by the app). */
  groups?: ReactNode;
  onShowReviews: () => void;
};

/** The Profile tab: the user's groups and the two newest reviews. */
export function OverviewTab({ user, isOwn, viewerId, groups, onShowReviews }: OverviewTabProps) {
  const t = useT();
  const newest = useNewestReviews(user.id);
  const total = newest.data?.pagination.total ?? 0;
  const shown = newest.data?.reviews.slice(0, NEWEST_REVIEWS) ?? [];
  return (
    <div className={styles.overview}>
      {groups}

      <section aria-labelledby="profile-newest">
        <h2 id="profile-newest" className={styles.panelTitle}>
          {t('profile.newest.title')}
        </h2>
        {newest.isPending ? (
          <p className="muted" role="status">
            {t('reviews.loading')}
          </p>
        ) : newest.isError ? (
          <ReviewError kind="fetch" error={newest.error} />
        ) : shown.length === 0 ? (
          <p className="muted">{t('profile.noReviews', { own: isOwn ? 'yes' : 'no', username: user.username })}</p>
        ) : (
          <>
            <ol className={styles.reviewList} aria-label={t('profile.newest.label', { username: user.username })}>
              {shown.map((review) => (
                <li key={review.id}>
                  <ReviewItem review={review} viewerId={viewerId} showMovie hideAuthor />
                </li>
              ))}
            </ol>
            {total > shown.length ? (
              <p className={styles.seeAll}>
                <button type="button" className="btn" onClick={onShowReviews}>
                  {t('profile.seeAllReviews', { total })}
                </button>
              </p>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
