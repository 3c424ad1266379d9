import { Link } from 'react-router';
import { REVIEW_ERRORS } from '@/components/review/api/reviews-api';
import { formatReviewDate, truncate } from '@/components/review/format';
import { ReviewError } from '@/components/review/review-error';
import { Stars } from '@/components/review/stars';
import type { ProfileUser } from '../api/get-profile';
import { type ActivityEntry, useUserActivity } from '../api/get-user-activity';
import { plural } from '../lib/format';
import { LoadMore } from './reviews-tab';
import styles from './profile.module.css';

/** A snippet's length in the timeline (the recent-review card's, PRODUCT-SPEC §9). */
const SNIPPET = 120;

/** What the user did, newest first: the reviews they wrote and their likes and dislikes; "Load more". */
export function ActivityTab({ user, isOwn }: { user: ProfileUser; isOwn: boolean }) {
  const query = useUserActivity(user.id);
  const nextPageError: unknown = query.error;
  const entries = query.data?.pages.flatMap((page) => page.activity) ?? [];
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
      ) : entries.length === 0 ? (
        <p className="muted">No activity yet.</p>
      ) : (
        <>
          <ol className={styles.timeline} aria-label={`Activity of ${user.username}`}>
            {entries.map((entry) => (
              <li key={`${entry.kind}-${entry.review.id}`} className={styles.event}>
                <time className={styles.when} dateTime={entry.created_at}>
                  {formatReviewDate(entry.created_at)}
                </time>
                <div className={styles.what}>
                  <ActivityLine entry={entry} who={who} />
                </div>
              </li>
            ))}
          </ol>
          <LoadMore
            shown={entries.length}
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

/** "{who} reviewed {movie}" with stars and a snippet, or "{who} liked {author}'s review of {movie}". */
function ActivityLine({ entry, who }: { entry: ActivityEntry; who: string }) {
  const { review } = entry;
  const movie = (
    <Link to={`/movie/${review.movie_id}#review-${review.id}`} className={styles.eventMovie}>
      {review.movie_name || `Movie #${review.movie_id}`}
      {review.release_year ? ` (${review.release_year})` : ''}
    </Link>
  );
  if (entry.kind === 'reaction') {
    return (
      <p className={styles.line}>
        <span>{`${who} ${entry.reaction === 'dislike' ? 'disliked' : 'liked'} ${review.username}'s review of `}</span>
        {movie}
      </p>
    );
  }
  return (
    <>
      <p className={styles.line}>
        <span>{who} reviewed </span>
        {movie} <Stars rating={review.rating} />
      </p>
      <p className={styles.snippet}>{truncate(review.content, SNIPPET)}</p>
      <p className={styles.eventReactions}>
        {plural(review.likes, 'like')} · {plural(review.dislikes, 'dislike')}
      </p>
    </>
  );
}
