import type { ReviewStats as Stats } from '@/components/review/api/reviews-api';
import { Stars } from '@/components/review/stars';
import styles from './movie-reviews.module.css';

/** "4.3" (one decimal), or null without reviews. */
export function formatAverage(average: number | null | undefined): string | null {
  return typeof average === 'number' && Number.isFinite(average) ? average.toFixed(1) : null;
}

export function reviewCountText(count: number): string {
  return count === 1 ? '1 review' : `${count} reviews`;
}

/** The community's verdict: average, number of reviews and a bar per star count. */
export function ReviewStats({ stats }: { stats: Stats }) {
  const average = formatAverage(stats.averageRating);
  const total = stats.totalReviews;
  const distribution = stats.ratingDistribution;
  return (
    <div className={styles.stats}>
      <div className={styles.summary}>
        {average ? (
          <>
            <p className={styles.average}>
              <strong>{average}</strong>
              <span className={styles.outOf}> / 5</span>
              <span className="visually-hidden"> average rating</span>
            </p>
            <Stars rating={stats.averageRating ?? 0} size="large" />
            <p className={styles.total}>{reviewCountText(total)}</p>
          </>
        ) : (
          <p className={styles.total}>No reviews yet</p>
        )}
      </div>
      <ul className={styles.distribution} aria-label="Rating distribution">
        {([5, 4, 3, 2, 1] as const).map((stars) => {
          const count = distribution[stars] ?? 0;
          const share = total > 0 ? Math.round((count / total) * 100) : 0;
          return (
            <li key={stars} className={styles.bar}>
              <span aria-hidden="true" className={styles.barLabel}>
                {stars} <span className={styles.barStar}>★</span>
              </span>
              <span aria-hidden="true" className={styles.track}>
                <span className={styles.fill} style={{ width: `${share}%` }} />
              </span>
              <span aria-hidden="true" className={styles.barCount}>
                {count}
              </span>
              <span className="visually-hidden">
                {stars === 1 ? '1 star' : `${stars} stars`}: {reviewCountText(count)}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
