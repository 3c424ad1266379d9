import type { AgeRating } from '../lib/filters';
import { useT } from '@/lib/i18n';
import styles from './age-rating-badge.module.css';

const CLASS: Record<AgeRating, string | undefined> = {
  S: styles.s,
  'K-7': styles.k7,
  'K-12': styles.k12,
  'K-16': styles.k16,
  'K-18': styles.k18,
};

/** The Finnish age-rating symbol in its official colours (S green, 7 yellow, 12 orange, 16 red, 18 black). */
export function AgeRatingBadge({ rating }: { rating: AgeRating | null }) {
  const t = useT();
  const symbol = rating ? rating.replace('K-', '') : '?';
  const label = rating ? t('showtimes.show.rating', { rating }) : t('showtimes.show.ratingUnknown');
  return (
    <span className={`${styles.badge} ${rating ? CLASS[rating] : styles.unknown}`} role="img" aria-label={label} title={label}>
      {symbol}
    </span>
  );
}
