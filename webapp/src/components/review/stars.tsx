import { STAR } from '@/components/icons/glyphs';
import { useT } from '@/lib/i18n';
import styles from './review.module.css';

/** A 1..5 rating as five stars, read out as "Rated 4 out of 5". */
export function Stars({ rating, size = 'normal' }: { rating: number; size?: 'normal' | 'large' }) {
  const t = useT();
  const filled = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span className={`${styles.stars} ${size === 'large' ? styles.starsLarge : ''}`} role="img" aria-label={t('stars.rated', { rating: filled })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= filled ? styles.starOn : styles.starOff}>
          {STAR}
        </span>
      ))}
    </span>
  );
}
