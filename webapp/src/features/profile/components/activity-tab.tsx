import { Link } from '@/lib/router';
import { type ActivityEntry, useUserActivity } from '@/api/reviews';
import type { User } from '@/api/users';
import { truncate } from '@/components/review/format';
import { ReviewError } from '@/components/review/review-error';
import { Stars } from '@/components/review/stars';
import { FormattedMessage, useFormat, useT } from '@/lib/i18n';
import { LoadMore } from './reviews-tab';
import styles from './profile.module.css';

/** A snippet's length in the timeline (the recent-review card's, PRODUCT-SPEC §9). */
const SNIPPET = 120;

/** What the user did, newest first: the reviews they wrote and their likes and dislikes; "Load more". */
export function ActivityTab({ user, isOwn }: { user: User; isOwn: boolean }) {
  const t = useT();
  const format = useFormat();
  const query = useUserActivity(user.id);
  const nextPageError: unknown = query.error;
  const entries = query.data?.pages.flatMap((page) => page.activity) ?? [];
  const total = query.data?.pages.at(-1)?.pagination.total ?? 0;
  return (
    <section aria-labelledby="profile-activity">
      <h2 id="profile-activity" className={styles.panelTitle}>
        {t('profile.activity.title')}
      </h2>
      {query.isPending ? (
        <p className="muted" role="status">
          {t('profile.activity.loading')}
        </p>
      ) : query.isError ? (
        <ReviewError kind="fetch" error={query.error} />
      ) : entries.length === 0 ? (
        <p className="muted">{t('profile.activity.empty')}</p>
      ) : (
        <>
          <ol className={styles.timeline} aria-label={t('profile.activity.listLabel', { username: user.username })}>
            {entries.map((entry) => (
              <li key={`${entry.kind}-${entry.review.id}`} className={styles.event}>
                <time className={styles.when} dateTime={entry.created_at}>
                  {format.date(entry.created_at) ?? entry.created_at}
                </time>
                <div className={styles.what}>
                  <ActivityLine entry={entry} isOwn={isOwn} username={user.username} />
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
          {query.isFetchNextPageError ? <ReviewError kind="fetch" error={nextPageError} /> : null}
        </>
      )}
    </section>
  );
}

/** "{who} reviewed {movie}" with stars and a snippet, or "{who} liked {author}'s review of {movie}". */
function ActivityLine({ entry, isOwn, username }: { entry: ActivityEntry; isOwn: boolean; username: string }) {
  const t = useT();
  const { review } = entry;
  const own = isOwn ? 'yes' : 'no';
  const movie = (
    <Link to={`/movie/${review.movie_id}#review-${review.id}`} className={styles.eventMovie}>
      {review.movie_name || t('reviews.movieFallback', { id: review.movie_id })}
      {review.release_year ? <> {t('movie.yearInParens', { year: String(review.release_year) })}</> : null}
    </Link>
  );
  if (entry.kind === 'reaction') {
    return (
      <p className={styles.line}>
        <FormattedMessage
          id="profile.activity.reacted"
          values={{ own, username, reaction: entry.reaction ?? 'like', author: review.username, movie }}
        />
      </p>
    );
  }
  return (
    <>
      <p className={styles.line}>
        <FormattedMessage id="profile.activity.reviewed" values={{ own, username, movie }} /> <Stars rating={review.rating} />
      </p>
      <p className={styles.snippet}>{truncate(review.content, SNIPPET)}</p>
      <p className={styles.eventReactions}>
        {t('profile.activity.reactions', { likes: review.likes, dislikes: review.dislikes })}
      </p>
    </>
  );
}
