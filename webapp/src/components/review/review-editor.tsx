import { useId, useState, type FormEvent } from 'react';
import { REVIEW_CONTENT_MAX } from '@/api/limits';
import { useT } from '@/lib/i18n';
import { StarRatingInput } from './star-rating-input';
import styles from './review.module.css';

export type ReviewDraft = { content: string; rating: number };

export type ReviewEditorProps = {
  initial: ReviewDraft;
  /** The submit button's text ("Post review", "Save"). */
  submitLabel: string;
  busy?: boolean;
  /** Called with trimmed content; the content is never blank here. */
  onSubmit: (draft: ReviewDraft) => void;
  /** Shows a Cancel button (editing in place). */
  onCancel?: () => void;
  /** The textarea's label. */
  label?: string;
};

/** The text and 1..5 stars of a review: the write-review form and the in-place editor. */
export function ReviewEditor({ initial, submitLabel, busy = false, onSubmit, onCancel, label }: ReviewEditorProps) {
  const t = useT();
  const [content, setContent] = useState(initial.content);
  const [rating, setRating] = useState(initial.rating);
  const [missing, setMissing] = useState(false);
  const textId = useId();
  const errorId = useId();
  const countId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = content.trim();
    if (!trimmed) {
      setMissing(true);
      document.getElementById(textId)?.focus();
      return;
    }
    onSubmit({ content: trimmed, rating });
  }

  return (
    <form className={styles.editor} onSubmit={submit} noValidate>
      <StarRatingInput value={rating} onChange={setRating} disabled={busy} />
      <div className="field">
        <label htmlFor={textId}>{label ?? t('reviews.yourReview')}</label>
        <textarea
          id={textId}
          value={content}
          maxLength={REVIEW_CONTENT_MAX}
          required
          rows={5}
          aria-invalid={missing || undefined}
          aria-describedby={[missing ? errorId : null, countId].filter(Boolean).join(' ')}
          disabled={busy}
          onChange={(event) => {
            setContent(event.target.value);
            if (missing && event.target.value.trim()) setMissing(false);
          }}
        />
        {missing ? (
          <span id={errorId} className="error">
            {t('reviews.contentMissing')}
          </span>
        ) : null}
        <span id={countId} className="hint">
          {t('reviews.characters', { count: content.length, max: REVIEW_CONTENT_MAX })}
        </span>
      </div>
      <div className={styles.editorActions}>
        {onCancel ? (
          <button type="button" className="btn" onClick={onCancel} disabled={busy}>
            {t('dialog.cancel')}
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('reviews.saving') : submitLabel}
        </button>
      </div>
    </form>
  );
}
