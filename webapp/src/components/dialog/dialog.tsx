import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { CloseIcon } from '@/components/icons/close-icon';
import { useT } from '@/lib/i18n';
import styles from './dialog.module.css';

export type DialogProps = {
  title: string;
  /** The sentence screen readers announce with the title (aria-describedby). */
  description?: string;
  /** Called on Escape, on the close button and on a click on the backdrop. */
  onClose: () => void;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  actions?: ReactNode;
  /** "alertdialog" for confirmations and error notices. */
  role?: 'dialog' | 'alertdialog';
  tone?: 'default' | 'success' | 'danger';
  /** "wide" for lists and forms (a members list, an edit form); notices stay narrow. */
  size?: 'default' | 'wide';
};

/**
 * A modal built on the native <dialog>: the browser traps focus and makes the rest of the
 * page inert; we move focus in on open (to the first [autofocus] or focusable element),
 * close on Escape, and give focus back to whatever had it before. Render it only while open.
 */
export function Dialog({ title, description, onClose, children, actions, role = 'dialog', tone = 'default', size = 'default' }: DialogProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  // Opened and focused before the first paint, so that no frame shows the page without
  // it and a key pressed at once already lands inside it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function' && !dialog.open) {
      try {
        dialog.showModal();
      } catch {
        dialog.setAttribute('open', '');
      }
    } else if (!dialog.open) {
      dialog.setAttribute('open', '');
    }
    const target =
      dialog.querySelector<HTMLElement>('[autofocus], [data-autofocus]') ??
      dialog.querySelector<HTMLElement>(
        'input:not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), a[href]',
      );
    (target ?? dialog).focus();
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      if (previouslyFocused && previouslyFocused.isConnected) previouslyFocused.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${styles[tone]} ${size === 'wide' ? styles.wide : ''}`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? bodyId : undefined}
      tabIndex={-1}
      onCancel={(event) => {
        // Escape: let React decide (it unmounts us), instead of the browser closing on its own.
        event.preventDefault();
        onCloseRef.current();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCloseRef.current();
        }
      }}
      onClick={(event) => {
        if (event.target === ref.current) onCloseRef.current();
      }}
    >
      <div className={styles.panel}>
        <header className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label={t('dialog.close')} onClick={() => onCloseRef.current()}>
            <CloseIcon />
          </button>
        </header>
        {description || children ? (
          <div className={styles.body}>
            {description ? <p id={bodyId}>{description}</p> : null}
            {children}
          </div>
        ) : null}
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
    </dialog>
  );
}
