import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from '@/lib/router';
import { useT } from '@/lib/i18n';
import styles from './header.module.css';

type UserMenuProps = {
  userId: number | string | null;
  username: string | null;
  onLogout: () => void;
};

/**
 * The burger menu of a logged-in user: a disclosure button and a list of links, reachable
 * with Tab; Escape closes it and gives focus back to the button, as does a click outside.
 */
export function UserMenu({ userId, username, onLogout }: UserMenuProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const firstItemRef = useRef<HTMLAnchorElement>(null);

  // Focus moves with the menu in the same frame (a passive effect may run a frame later,
  // when a key pressed right after opening would already have gone to the button).
  useLayoutEffect(() => {
    if (open) firstItemRef.current?.focus();
  }, [open]);

  // Listening starts in the same commit as well: Preact runs passive effects after the next
  // paint, and an Escape pressed before it went unheard (the keyboard journey caught it).
  useLayoutEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const close = () => setOpen(false);
  const id = userId === null ? '' : String(userId);

  return (
    <div
      className={styles.menuRoot}
      ref={rootRef}
      onBlur={(event) => {
        // Tabbing out of the menu closes it.
        if (open && rootRef.current && !rootRef.current.contains(event.relatedTarget as Node | null)) {
          if (event.relatedTarget) setOpen(false);
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.burger}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={styles.burgerLines} aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        {/* The name is the visible text plus the hidden purpose, so what a voice user reads
            out ("kaisa") is part of it (axe label-content-name-mismatch). */}
        {username ? <span className={styles.username}>{username}</span> : null}
        <span className="visually-hidden"> {t('userMenu.button')}</span>
      </button>
      <ul id={menuId} className={styles.menu} hidden={!open}>
        <li>
          <Link ref={firstItemRef} to="/profile" onClick={close}>
            {t('userMenu.profile')}
          </Link>
        </li>
        <li>
          <Link to="/settings" onClick={close}>
            {t('userMenu.settings')}
          </Link>
        </li>
        <li>
          <Link to={id ? `/favorites/${id}` : '/profile'} onClick={close}>
            {t('userMenu.favorites')}
          </Link>
        </li>
        <li>
          <Link to="/watchlist" onClick={close}>
            {t('userMenu.watchlist')}
          </Link>
        </li>
        <li className={styles.menuSeparator}>
          <button
            type="button"
            onClick={() => {
              // Focus goes back to the burger first, so the dialog returns it there.
              buttonRef.current?.focus();
              close();
              onLogout();
            }}
          >
            {t('userMenu.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
