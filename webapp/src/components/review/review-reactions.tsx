import type { ReactionType, Review } from '@/api/reviews';
import { useT } from '@/lib/i18n';
import styles from './review.module.css';

export type ReviewReactionsProps = {
  review: Pick<Review, 'likes' | 'dislikes' | 'my_interaction'>;
  /** Why the viewer cannot react (authors, visitors); null when they can. */
  blockedReason: string | null;
  busy: boolean;
  onReact: (type: ReactionType) => void;
};

/**
 * Like and dislike toggles with their counts; the caller's own reaction shows pressed.
 * Authors and visitors see the counts on disabled buttons, with the reason as a tooltip.
 */
export function ReviewReactions({ review, blockedReason, busy, onReact }: ReviewReactionsProps) {
  const t = useT();
  const buttons = [
    { type: 'like' as const, label: t('reviews.like'), undo: t('reviews.removeLike'), count: review.likes, icon: <ThumbIcon /> },
    { type: 'dislike' as const, label: t('reviews.dislike'), undo: t('reviews.removeDislike'), count: review.dislikes, icon: <ThumbIcon down /> },
  ];
  return (
    <div
      role="group"
      aria-label={t('reviews.reactions')}
      className={styles.reactions}
      title={blockedReason ?? undefined}
      aria-busy={busy || undefined}
    >
      {buttons.map(({ type, label, undo, count, icon }) => {
        const pressed = review.my_interaction === type;
        return (
          <button
            key={type}
            type="button"
            className={`${styles.reaction} ${styles[type]}`}
            aria-pressed={pressed}
            disabled={blockedReason !== null}
            title={blockedReason ?? (pressed ? undo : label)}
            onClick={() => {
              if (!busy) onReact(type);
            }}
          >
            {icon}
            <span className="visually-hidden">{label}</span> <span className={styles.count}>{count}</span>
          </button>
        );
      })}
      {blockedReason ? <span className="visually-hidden">{blockedReason}</span> : null}
    </div>
  );
}

function ThumbIcon({ down = false }: { down?: boolean }) {
  return (
    <svg
      className={styles.thumb}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      style={down ? { transform: 'rotate(180deg)' } : undefined}
    >
      <path d="M7 10v10H4a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1h3zm2 0 3.6-6.3a1.6 1.6 0 0 1 3 .9L15 9h4.6a2 2 0 0 1 2 2.3l-1.2 7A2 2 0 0 1 18.4 20H9V10z" />
    </svg>
  );
}
