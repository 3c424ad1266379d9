import type { ReviewStats as Stats } from '@/api/reviews';
import { STAR } from '@/components/icons/glyphs';
import { Stars } from '@/components/review/stars';
import { useFormat, useT } from '@/lib/i18n';
import styles from './movie-reviews.module.css';

/** The community's verdict: average, number of reviews and a bar per star count. */
export function ReviewStats({ stats }: { stats: Stats }) {
  const t = useT();
  const format = useFormat();
  const average =
    typeof stats.averageRating === 'number' && Number.isFinite(stats.averageRating) ? format.decimal1(stats.averageRating) : null;
  const total = stats.totalReviews;
  const distribution = stats.ratingDistribution;
  return (
    <div className={styles.stats}>
      <div className={styles.summary}>
        {average ? (
          <>
            <p className={styles.average}>
              <strong>{average}</strong>
              <span className={styles.outOf}> {t('reviews.outOf5')}</span>
              <span className="visually-hidden"> {t('reviews.averageRating')}</span>
            </p>
            <Stars rating={stats.averageRating ?? 0} size="large" />
            <p className={styles.total}>{t('reviews.count', { count: total })}</p>
          </>
        ) : (
          <p className={styles.total}>{t('reviews.noneYet')}</p>
        )}
      </div>
      <ul className={styles.distribution} aria-label={t('reviews.distribution')}>
        {([5, 4, 3, 2, 1] as const).map((stars) => {
          const count = distribution[stars] ?? 0;
          const share = total > 0 ? Math.round((count / total) * 100) : 0;
          return (
            <li key={stars} className={styles.bar}>
              <span aria-hidden="true" className={styles.barLabel}>
                {stars} <span className={styles.barStar}>{STAR}</span>
              </span>
              <span aria-hidden="true" className={styles.track}>
                <span className={styles.fill} style={{ width: `${share}%` }} />
              </span>
              <span aria-hidden="true" className={styles.barCount}>
                {count}
              </span>
              <span className="visually-hidden">{t('reviews.bar', { stars, count })}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
