import { useRef, useState } from 'react';
import { Link } from '@/lib/router';
import { useDeleteReview, useReactToReview, useUpdateReview, withReaction, type ReactionType, type Review } from '@/api/reviews';
import { ConfirmDialog } from '@/components/dialog/confirm-dialog';
import { ReportButton } from '@/components/report/report-button';
import { useFormat, useT } from '@/lib/i18n';
import { isLong, truncate, wasEdited } from './format';
import { ReviewEditor, type ReviewDraft } from './review-editor';
import { ReviewError, type ReviewErrorKind } from './review-error';
import { ReviewReactions } from './review-reactions';
import { Stars } from './stars';
import { FILM, SEPARATOR } from '@/components/icons/glyphs';
import styles from './review.module.css';

export type ReviewItemProps = {
  review: Review;
  /** The signed-in user's id; null for a visitor. */
  viewerId: number | null;
  /** Shows the movie (poster, title, year) above the text, for lists across movies. */
  showMovie?: boolean;
  /** Hides the author line (on the author's own profile it says nothing new). */
  hideAuthor?: boolean;
  /** The review the address points at (`#review-{id}`). */
  highlighted?: boolean;
};

type Failure = { kind: ReviewErrorKind; error: unknown } | null;

/**
 * One review: author, stars, date and text (folded beyond 300 characters), like/dislike
 * toggles, and for its author Edit (in place) and Delete (after a confirmation).
 */
export function ReviewItem({ review, viewerId, showMovie = false, hideAuthor = false, highlighted = false }: ReviewItemProps) {
  // The server's latest answer (or the optimistic guess) for this very `review` prop; a
  // fresher prop from the cache wins.
  const t = useT();
  const format = useFormat();
  const articleRef = useRef<HTMLElement>(null);
  const [local, setLocal] = useState<{ base: Review; value: Review } | null>(null);
  const shown = local && local.base === review ? local.value : review;
  const [expanded, setExpanded] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const react = useReactToReview();
  const update = useUpdateReview();
  const remove = useDeleteReview();

  if (deleted) return null;

  const isAuthor = viewerId !== null && viewerId === shown.user_id;
  // The reasons a viewer cannot react (PRODUCT-SPEC §4, §6).
  const blockedReason = viewerId === null ? t('reviews.visitorReason') : isAuthor ? t('reviews.ownReason') : null;
  const long = isLong(shown.content);
  const text = long && !expanded ? truncate(shown.content) : shown.content;
  const textId = `review-${shown.id}-text`;

  function onReact(type: ReactionType) {
    const next = shown.my_interaction === type ? null : type;
    const before = shown;
    const base = review;
    setFailure(null);
    setLocal({ base, value: withReaction(before, next) });
    react.mutate(
      { id: shown.id, type: next },
      {
        onSuccess: (fresh) => setLocal({ base, value: fresh }),
        onError: (error) => {
          setLocal({ base, value: before });
          setFailure({ kind: 'interaction', error });
        },
      },
    );
  }

  function onSave(draft: ReviewDraft) {
    const changes: { rating?: number; content?: string } = {};
    if (draft.content !== shown.content) changes.content = draft.content;
    if (draft.rating !== shown.rating) changes.rating = draft.rating;
    if (changes.content === undefined && changes.rating === undefined) {
      setEditing(false);
      return;
    }
    setFailure(null);
    const base = review;
    update.mutate(
      { id: shown.id, changes },
      {
        onSuccess: (fresh) => {
          setLocal({ base, value: fresh });
          setEditing(false);
        },
        onError: (error) => setFailure({ kind: 'update', error }),
      },
    );
  }

  function onDelete() {
    setFailure(null);
    remove.mutate(shown.id, {
      onSuccess: () => {
        // The review and its buttons are gone: focus moves to the heading of its list, once
        // the dialog has closed (until then the rest of the page is inert).
        const heading = articleRef.current?.closest('section')?.querySelector<HTMLElement>('h2, h3');
        window.setTimeout(() => {
          if (!heading?.isConnected) return;
          heading.tabIndex = -1;
          heading.focus();
        }, 0);
        setConfirming(false);
        setDeleted(true);
      },
      onError: (error) => {
        setConfirming(false);
        setFailure({ kind: 'delete', error });
      },
    });
  }

  const movieHref = `/movie/${shown.movie_id}#review-${shown.id}`;
  const movieTitle = shown.movie_name || t('reviews.movieFallback', { id: shown.movie_id });

  return (
    <article
      ref={articleRef}
      id={`review-${shown.id}`}
      className={`${styles.review} ${highlighted ? styles.highlighted : ''}`}
      aria-label={showMovie ? t('reviews.reviewOf', { title: movieTitle }) : t('reviews.reviewBy', { username: shown.username })}
      tabIndex={highlighted ? -1 : undefined}
      data-testid="review"
    >
      {showMovie ? (
        <Link to={movieHref} className={styles.movie}>
          {shown.poster_url ? (
            <img className={styles.moviePoster} src={shown.poster_url} alt="" loading="lazy" width={46} height={69} />
          ) : (
            <span className={`${styles.moviePoster} ${styles.noPoster}`} aria-hidden="true">
              {FILM}
            </span>
          )}
          <span className={styles.movieTitle}>
            {movieTitle}
            {shown.release_year ? (
              <> <span className={styles.movieYear}>{t('movie.yearInParens', { year: String(shown.release_year) })}</span></>
            ) : null}
          </span>
        </Link>
      ) : null}

      <header className={styles.head}>
        {hideAuthor ? null : (
          <Link to={`/profile/${shown.user_id}`} className={styles.author}>
            {shown.username}
          </Link>
        )}
        <Stars rating={shown.rating} />
        <span className={styles.date}>
          <time dateTime={shown.created_at}>{format.date(shown.created_at) ?? shown.created_at}</time>
          {wasEdited(shown) ? (
            <span title={t('reviews.editedAt', { date: format.date(shown.updated_at) ?? shown.updated_at })}>
              {SEPARATOR}
              {t('reviews.edited')}
            </span>
          ) : null}
        </span>
      </header>

      {editing ? (
        <ReviewEditor
          initial={{ content: shown.content, rating: shown.rating }}
          label={t('reviews.editLabel')}
          submitLabel={t('reviews.save')}
          busy={update.isPending}
          onSubmit={onSave}
          onCancel={() => {
            setFailure(null);
            setEditing(false);
          }}
        />
      ) : (
        <div className={styles.body}>
          <p id={textId} className={styles.text}>
            {text}
          </p>
          {long ? (
            <button
              type="button"
              className={styles.more}
              aria-expanded={expanded}
              aria-controls={textId}
              onClick={() => setExpanded((value) => !value)}
            >
              {expanded ? t('reviews.readLess') : t('reviews.readMore')}
            </button>
          ) : null}
        </div>
      )}

      {failure ? <ReviewError kind={failure.kind} error={failure.error} /> : null}

      {editing ? null : (
        <footer className={styles.foot}>
          <ReviewReactions review={shown} blockedReason={blockedReason} busy={react.isPending} onReact={onReact} />
          {isAuthor ? (
            <div className={styles.ownActions}>
              <button
                type="button"
                className="btn"
                onClick={() => {
                  setFailure(null);
                  setEditing(true);
                }}
              >
                {t('reviews.edit')}
              </button>
              <button type="button" className="btn btn-ghost-danger" onClick={() => setConfirming(true)}>
                {t('reviews.delete')}
              </button>
            </div>
          ) : viewerId !== null ? (
            <div className={styles.ownActions}>
              <ReportButton
                targetType="review"
                targetId={shown.id}
                title={t('reports.titleReview', { username: shown.username })}
                label={t('reports.labelReview', { username: shown.username })}
              />
            </div>
          ) : null}
        </footer>
      )}

      {confirming ? (
        <ConfirmDialog
          title={t('reviews.deleteTitle')}
          message={t('reviews.deleteQuestion')}
          confirmLabel={remove.isPending ? t('reviews.deleting') : t('reviews.delete')}
          danger
          busy={remove.isPending}
          onConfirm={onDelete}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </article>
  );
}
