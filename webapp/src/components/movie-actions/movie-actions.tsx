import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link } from '@/lib/router';
import { Dialog } from '@/components/dialog/dialog';
import { MessageDialog } from '@/components/dialog/message-dialog';
import { useT } from '@/lib/i18n';
import {
  FAVORITE,
  WATCHLIST,
  toggleMutationKey,
  useFavoriteStatus,
  useToggleFavorite,
  useViewerKey,
  type FavoriteMovie,
  type FavoriteStatus,
  type FavoriteType,
} from '@/api/favorites';
import styles from './movie-actions.module.css';

export type MovieActionsProps = {
  movieId: number | string;
  /** The title shown to the user; names the button group for screen readers. */
  title: string;
  /** Sent with an add as `original_title` (the title when not given). */
  originalTitle?: string | null;
  /** Release year, or a `YYYY-MM-DD` date. */
  year?: number | string | null;
  posterPath?: string | null;
  /** "compact": round icon buttons for tiles; "full": icon and text, for the Movie page. */
  variant?: 'compact' | 'full';
  className?: string;
  /**
   * What the page already knows until the status lookup answers, e.g. `{is_watchlist: true}`
   * on the watchlist page, so its bookmarks never show empty for a moment.
   */
  known?: Partial<FavoriteStatus>;
};

/** A catalog movie as Browse's tiles and the Movie page have it. */
type CatalogMovie = { id: number; title: string; originalTitle: string; releaseDate: string; posterPath: string | null };

/**
 * The favorite/watchlist toggles for a catalog movie (a Browse tile, the Movie page). Here, in
 * the module every first load has, rather than beside those pages: it was all Browse used of
 * the code the pages share, and made its first visit download all of that (issue 14).
 */
export const movieActions = (movie: CatalogMovie, variant: 'compact' | 'full') => (
  <MovieActions
    movieId={movie.id}
    title={movie.title}
    originalTitle={movie.originalTitle}
    year={movie.releaseDate}
    posterPath={movie.posterPath}
    variant={variant}
  />
);

/**
 * Favorite (heart) and watchlist (bookmark) toggles for one movie. They flip at once and
 * flip back when the server refuses; a click while the previous one is on its way is
 * ignored, so a double-click never adds twice. Visitors get a login prompt instead.
 */
export function MovieActions({ movieId, title, originalTitle, year, posterPath, variant = 'compact', className, known }: MovieActionsProps) {
  const t = useT();
  const id = Number(movieId);
  const viewer = useViewerKey();
  const [dialog, setDialog] = useState<'login' | 'failed' | null>(null);
  const movie: FavoriteMovie = {
    movie_id: id,
    original_title: originalTitle || title || undefined,
    release_year: releaseYear(year),
    poster_path: posterPath || undefined,
  };

  return (
    <div
      role="group"
      aria-label={t('movieActions.group', { title })}
      className={[styles.bar, styles[variant], className].filter(Boolean).join(' ')}
    >
      {viewer === null ? (
        // A visitor's bar asks nothing and toggles nothing: plain buttons, without the
        // status query and the two mutations a signed-in bar keeps (a page of tiles is
        // sixteen bars, drawn within its first second).
        <VisitorButtons variant={variant} onNeedLogin={() => setDialog('login')} />
      ) : (
        <SignedInButtons viewer={viewer} movie={movie} known={known} variant={variant} onFailed={() => setDialog('failed')} />
      )}
      {dialog === 'login'
        ? createPortal(<LoginPrompt onClose={() => setDialog(null)} />, document.body)
        : null}
      {dialog === 'failed'
        ? createPortal(
            <MessageDialog
              // The watchlist failure is an alert (PRODUCT-SPEC §8); favorite failures are only logged.
              title={t('movieActions.watchlistFailed')}
              message={t('movieActions.watchlistFailedText', { title })}
              tone="danger"
              onClose={() => setDialog(null)}
            />,
            document.body,
          )
        : null}
    </div>
  );
}

const TOGGLES = [
  { type: FAVORITE, labelKey: 'movieActions.favorite', pressedField: 'is_favorite', Icon: HeartIcon },
  { type: WATCHLIST, labelKey: 'movieActions.watchlist', pressedField: 'is_watchlist', Icon: BookmarkIcon },
] as const;

/** Both toggles off; a click opens the login prompt (PRODUCT-SPEC §6). */
function VisitorButtons({ variant, onNeedLogin }: { variant: 'compact' | 'full'; onNeedLogin: () => void }) {
  const t = useT();
  function onClick(event: MouseEvent<HTMLButtonElement>) {
    // Tiles may sit inside a link or a clickable card: the button is the only target.
    event.preventDefault();
    event.stopPropagation();
    onNeedLogin();
  }
  return TOGGLES.map(({ type, labelKey, Icon }) => (
    <ToggleFace
      key={type}
      type={type}
      label={t(labelKey)}
      pressed={false}
      title={t('movieActions.loginTitle')}
      icon={<Icon />}
      variant={variant}
      opensDialog
      onClick={onClick}
    />
  ));
}

function SignedInButtons({
  viewer,
  movie,
  known,
  variant,
  onFailed,
}: {
  viewer: string;
  movie: FavoriteMovie;
  known: Partial<FavoriteStatus> | undefined;
  variant: 'compact' | 'full';
  onFailed: () => void;
}) {
  const t = useT();
  const status = useFavoriteStatus(viewer, movie.movie_id, known);
  return TOGGLES.map(({ type, labelKey, pressedField, Icon }) => (
    <ToggleButton
      key={type}
      viewer={viewer}
      movie={movie}
      type={type}
      label={t(labelKey)}
      pressed={status[pressedField]}
      icon={<Icon />}
      variant={variant}
      shown={status}
      onFailed={onFailed}
    />
  ));
}

/** `1999` or `'1999-03-31'` → 1999; nothing usable → left out of the add. */
function releaseYear(year: MovieActionsProps['year']): number | undefined {
  const value = typeof year === 'string' ? Number.parseInt(year.slice(0, 4), 10) : year;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

type ToggleButtonProps = {
  viewer: string;
  movie: FavoriteMovie;
  type: FavoriteType;
  label: string;
  pressed: boolean;
  /** Both flags as the bar shows them. */
  shown: FavoriteStatus;
  icon: ReactNode;
  variant: 'compact' | 'full';
  onFailed: () => void;
};

function ToggleButton({ viewer, movie, type, label, pressed, shown, icon, variant, onFailed }: ToggleButtonProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const toggle = useToggleFavorite(viewer, movie.movie_id, type);
  const mutationKey = toggleMutationKey(movie.movie_id, type);
  // Counts this movie's toggle in any bar on the page (the same movie can show twice).
  const busy = useIsMutating({ mutationKey, exact: true }) > 0;
  const sending = useRef(false);

  function onClick(event: MouseEvent<HTMLButtonElement>) {
    // Tiles may sit inside a link or a clickable card: the button is the only target.
    event.preventDefault();
    event.stopPropagation();
    // The second click of a double-click repeats the first one's intent: never undo it.
    if (event.detail > 1) return;
    if (sending.current || queryClient.isMutating({ mutationKey, exact: true }) > 0) return;
    sending.current = true;
    toggle.mutate(
      { movie, type, add: !pressed, shown },
      {
        onError: (error) => {
          if (type === WATCHLIST) onFailed();
          else console.error('Failed to update favorites', error);
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  }

  const action =
    type === WATCHLIST
      ? t(pressed ? 'movieActions.removeWatchlist' : 'movieActions.addWatchlist')
      : t(pressed ? 'movieActions.removeFavorite' : 'movieActions.addFavorite');
  return <ToggleFace type={type} label={label} pressed={pressed} title={action} icon={icon} variant={variant} busy={busy} onClick={onClick} />;
}

/** The toggle as it looks, for a visitor and a signed-in user alike. */
function ToggleFace({
  type,
  label,
  pressed,
  title,
  icon,
  variant,
  busy = false,
  opensDialog = false,
  onClick,
}: {
  type: FavoriteType;
  label: string;
  pressed: boolean;
  title: string;
  icon: ReactNode;
  variant: 'compact' | 'full';
  busy?: boolean;
  opensDialog?: boolean;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  return (
    <button
      type="button"
      className={`${styles.toggle} ${type === WATCHLIST ? styles.watchlist : styles.favorite}`}
      aria-label={label}
      aria-pressed={pressed}
      aria-disabled={busy || undefined}
      aria-haspopup={opensDialog ? 'dialog' : undefined}
      title={title}
      data-busy={busy || undefined}
      onClick={onClick}
    >
      {icon}
      {variant === 'full' ? <span className={styles.text}>{label}</span> : null}
    </button>
  );
}

/** Shown to visitors instead of toggling (PRODUCT-SPEC §6). */
function LoginPrompt({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <Dialog
      title={t('movieActions.loginTitle')}
      description={t('movieActions.loginText')}
      onClose={onClose}
      actions={
        <>
          <Link to="/signup" className="btn" onClick={onClose}>
            {t('movieActions.signup')}
          </Link>
          <Link to="/login" className="btn btn-primary" onClick={onClose} data-autofocus>
            {t('movieActions.login')}
          </Link>
        </>
      }
    />
  );
}

function HeartIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 20.5s-7.5-4.6-9.3-9.6C1.6 7.7 3.6 4.5 7 4.5c2.1 0 3.6 1.2 5 3 1.4-1.8 2.9-3 5-3 3.4 0 5.4 3.2 4.3 6.4-1.8 5-9.3 9.6-9.3 9.6z" />
    </svg>
  );
}

function BookmarkIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6.5 3.5h11a1 1 0 0 1 1 1v16l-6.5-4.3-6.5 4.3v-16a1 1 0 0 1 1-1z" />
    </svg>
  );
}
