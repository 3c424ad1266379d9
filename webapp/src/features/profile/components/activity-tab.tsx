import { Link } from 'react-router';
import { REVIEW_ERRORS } from '@/components/review/api/reviews-api';
import { formatReviewDate, truncate } from '@/components/review/format';
import { ReviewError } from '@/components/review/review-error';
import { Stars } from '@/components/review/stars';
import type { ProfileUser } from '../api/get-profile';
import { useUserReviews } from '../api/get-user-reviews';
import { plural } from '../lib/format';
import { LoadMore } from './reviews-tab';
import styles from './profile.module.css';

/** A snippet's length in the timeline (the recent-review card's, PRODUCT-SPEC §9). */
const SNIPPET = 120;

/**
 * What the user did, newest first. The API lists the reviews a user wrote; the reactions a
 * user made are not exposed yet, so the timeline shows reviews only.
 */
export function ActivityTab({ user, isOwn }: { user: ProfileUser; isOwn: boolean }) {
  const query = useUserReviews(user.id);
  const nextPageError: unknown = query.error;
  const reviews = query.data?.pages.flatMap((page) => page.reviews) ?? [];
  const total = query.data?.pages.at(-1)?.pagination.total ?? 0;
  const who = isOwn ? 'You' : user.username;
  return (
    <section aria-labelledby="profile-activity">
      <h2 id="profile-activity" className={styles.panelTitle}>
        Activity
      </h2>
      {query.isPending ? (
        <p className="muted" role="status">
          Loading activity…
        </p>
      ) : query.isError ? (
        <ReviewError title={REVIEW_ERRORS.fetch} error={query.error} />
      ) : reviews.length === 0 ? (
        <p className="muted">No activity yet.</p>
      ) : (
        <>
          <ol className={styles.timeline} aria-label={`Activity of ${user.username}`}>
            {reviews.map((review) => {
              const title = review.movie_name || `Movie #${review.movie_id}`;
              return (
                <li key={review.id} className={styles.event}>
                  <time className={styles.when} dateTime={review.created_at}>
                    {formatReviewDate(review.created_at)}
                  </time>
                  <div className={styles.what}>
                    <p className={styles.line}>
                      <span>{who} reviewed </span>
                      <Link to={`/movie/${review.movie_id}#review-${review.id}`} className={styles.eventMovie}>
                        {title}
                        {review.release_year ? ` (${review.release_year})` : ''}
                      </Link>{' '}
                      <Stars rating={review.rating} />
                    </p>
                    <p className={styles.snippet}>{truncate(review.content, SNIPPET)}</p>
                    <p className={styles.eventReactions}>
                      {plural(review.likes, 'like')} · {plural(review.dislikes, 'dislike')}
                    </p>
                  </div>
                </li>
              );
            })}
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
