import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from '@/lib/router';
import { useMovieReviews, useReview, type Review } from '@/api/reviews';
import { ReviewError } from '@/components/review/review-error';
import { ReviewItem } from '@/components/review/review-item';
import { useSession } from '@/lib/auth-storage';
import { FormattedMessage, useT } from '@/lib/i18n';
import { ReviewStats } from './review-stats';
import { WriteReview } from './write-review';
import styles from './movie-reviews.module.css';

export type MovieReviewsProps = { movieId: number; movieTitle: string };

/** `#review-123` → 123. */
function linkedReviewId(hash: string): number | null {
  const match = /^#review-(\d+)$/.exec(hash);
  return match ? Number(match[1]) : null;
}

/**
 * The Movie page's community reviews: stats, the write-review form (a login prompt for
 * visitors), the list newest first with "Load more", and `#review-{id}` scrolled to and
 * highlighted.
 */
export function MovieReviews({ movieId, movieTitle }: MovieReviewsProps) {
  const t = useT();
  const session = useSession();
  const viewerId = session?.user?.id ?? null;
  const query = useMovieReviews(movieId);
  const { hash } = useLocation();
  const targetId = linkedReviewId(hash);
  const [posted, setPosted] = useState<{ review: Review; at: number } | null>(null);

  const nextPageError: unknown = query.error;
  const reviews = query.data?.pages.flatMap((page) => page.reviews) ?? [];
  const stats = query.data?.pages[0]?.stats;
  const total = query.data?.pages.at(-1)?.pagination.total ?? 0;
  const targetLoaded = targetId !== null && reviews.some((review) => review.id === targetId);
  // A linked review beyond the loaded pages is fetched on its own and shown first.
  const linked = useReview(targetId !== null && query.isSuccess && !targetLoaded ? targetId : null);
  const pinned = !targetLoaded && linked.data && linked.data.movie_id === movieId ? linked.data : null;

  // The viewer's own review, if a loaded page shows it; right after posting, the new one
  // until the list has been fetched again.
  const ownListed = viewerId !== null ? [pinned, ...reviews].find((review) => review?.user_id === viewerId) : undefined;
  const justPosted = posted && query.dataUpdatedAt <= posted.at ? posted.review : null;
  const own = ownListed ?? justPosted;

  useScrollToReview(targetId, hash, [reviews.length, pinned?.id]);

  return (
    <section className={styles.section} aria-labelledby="community-reviews">
      <h2 id="community-reviews" className={styles.heading}>
        {t('reviews.community')}
      </h2>

      {stats && stats.totalReviews > 0 ? <ReviewStats stats={stats} /> : null}

      {session === null ? (
        <div className={`card ${styles.prompt}`}>
          <p>
            <FormattedMessage
              id="reviews.loginToWrite"
              values={{ title: movieTitle, strong: (chunks) => <strong>{chunks}</strong> }}
            />
          </p>
          <div className={styles.promptActions}>
            <Link to="/login" className="btn btn-primary">
              {t('reviews.login')}
            </Link>
            <Link to="/signup" className="btn">
              {t('reviews.signup')}
            </Link>
          </div>
        </div>
      ) : own ? (
        <p className={`notice notice-info ${styles.reviewed}`}>
          <FormattedMessage id="reviews.reviewed" values={{ link: (chunks) => <Link to={`#review-${own.id}`}>{chunks}</Link> }} />
        </p>
      ) : query.isSuccess ? (
        <WriteReview movieId={movieId} onPosted={(review) => setPosted({ review, at: Date.now() })} />
      ) : null}

      {query.isPending ? (
        <p className="muted" role="status">
          {t('reviews.loading')}
        </p>
      ) : query.isError ? (
        <div className={styles.failed}>
          <ReviewError kind="fetch" error={query.error} />
          <button type="button" className="btn" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : reviews.length === 0 && !pinned ? (
        <p className="muted">
          {t('reviews.none')}
          {session ? <> {t('reviews.beFirst')}</> : null}
        </p>
      ) : (
        <>
          <ol className={styles.list} aria-label={t('reviews.listOf', { title: movieTitle })}>
            {pinned ? (
              <li key={`pinned-${pinned.id}`}>
                <ReviewItem review={pinned} viewerId={viewerId} highlighted />
              </li>
            ) : null}
            {reviews.map((review) => (
              <li key={review.id}>
                <ReviewItem review={review} viewerId={viewerId} highlighted={review.id === targetId} />
              </li>
            ))}
          </ol>
          {query.hasNextPage ? (
            <div className={styles.more}>
              <p className="muted">
                {t('reviews.showing', { shown: reviews.length, total })}
              </p>
              <button
                type="button"
                className="btn"
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? t('reviews.loadingMore') : t('reviews.loadMore')}
              </button>
            </div>
          ) : null}
          {query.isFetchNextPageError ? <ReviewError kind="fetch" error={nextPageError} /> : null}
        </>
      )}
    </section>
  );
}

/** Scrolls the linked review into view once it is on the page (once per address). */
function useScrollToReview(targetId: number | null, hash: string, deps: unknown[]) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (targetId === null || done.current === hash) return;
    const element = document.getElementById(`review-${targetId}`);
    if (!element) return;
    done.current = hash;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView?.({ behavior: reduce ? 'auto' : 'smooth', block: 'center' });
    element.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [targetId, hash, ...deps]);
}
