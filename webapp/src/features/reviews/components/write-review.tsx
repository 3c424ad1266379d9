import { useState } from 'react';
import { DEFAULT_RATING, useCreateReview, type Review } from '@/api/reviews';
import { ReviewEditor, type ReviewDraft } from '@/components/review/review-editor';
import { ReviewError } from '@/components/review/review-error';
import { useT } from '@/lib/i18n';
import styles from './movie-reviews.module.css';

/** The write-review form: content required, 1..5 stars starting at 3 (PRODUCT-SPEC §5). */
export function WriteReview({ movieId, onPosted }: { movieId: number; onPosted: (review: Review) => void }) {
  const t = useT();
  const create = useCreateReview();
  const [error, setError] = useState<unknown>(null);

  function submit(draft: ReviewDraft) {
    setError(null);
    create.mutate(
      { movieId, rating: draft.rating, content: draft.content },
      { onSuccess: onPosted, onError: setError },
    );
  }

  return (
    <section className={`card ${styles.write}`} aria-labelledby="write-review">
      <h3 id="write-review" className={styles.writeTitle}>
        {t('reviews.write')}
      </h3>
      {error ? <ReviewError kind="create" error={error} /> : null}
      <ReviewEditor
        initial={{ content: '', rating: DEFAULT_RATING }}
        submitLabel={t('reviews.post')}
        busy={create.isPending}
        onSubmit={submit}
      />
    </section>
  );
}
