import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '@/components/icons/close-icon';
import { useT } from '@/lib/i18n';
import { dismissToast, useToasts, type Toast, type ToastTone } from './toast-store';
import styles from './toast.module.css';

/**
 * Where toasts appear: bottom centre, above the page. Successes are announced politely,
 * failures as alerts. A toast stays while the pointer or focus is on it, so nobody has to
 * read against the clock.
 */
export function Toaster() {
  const t = useT();
  const toasts = useToasts();
  const closeLabel = t('toast.dismiss');
  const region = (
    <div className={styles.region} aria-live="polite" aria-relevant="additions" data-testid="toaster">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} closeLabel={closeLabel} />
      ))}
    </div>
  );
  const host = useTopmostDialog(toasts.length > 0);
  return host ? createPortal(region, host) : region;
}

/**
 * An open modal dialog makes the rest of the page inert (unseen by screen readers, under its
 * backdrop): while toasts show, they live inside the topmost open dialog, following dialogs
 * as they open and close.
 */
function useTopmostDialog(active: boolean): HTMLDialogElement | null {
  return useSyncExternalStore(active ? watchDialogs : watchNothing, active ? topmostOpenDialog : noDialog, noDialog);
}

function watchDialogs(onChange: () => void) {
  if (typeof MutationObserver === 'undefined') return () => {};
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
  return () => observer.disconnect();
}

function watchNothing() {
  return () => {};
}

function noDialog() {
  return null;
}

function topmostOpenDialog(): HTMLDialogElement | null {
  if (typeof document === 'undefined') return null;
  const open = document.querySelectorAll<HTMLDialogElement>('dialog[open]');
  return open.length > 0 ? (open[open.length - 1] ?? null) : null;
}

/** Symbols beside the text (hidden from screen readers, which hear the role). */
const ICONS: Record<ToastTone, string> = { error: '!', success: '\u2713', info: 'i' };

function ToastItem({ toast, closeLabel }: { toast: Toast; closeLabel: string }) {
  const [paused, setPaused] = useState(false);
  const left = useRef(toast.durationMs);

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = window.setTimeout(() => dismissToast(toast.id), left.current);
    return () => {
      window.clearTimeout(timer);
      left.current = Math.max(800, left.current - (Date.now() - started));
    };
  }, [paused, toast.id]);

  return (
    <div
      className={`${styles.toast} ${styles[toast.tone]}`}
      role={toast.tone === 'error' ? 'alert' : 'status'}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className={styles.icon} aria-hidden="true">
        {ICONS[toast.tone]}
      </span>
      <span className={styles.message}>{toast.message}</span>
      <button type="button" className={styles.close} aria-label={closeLabel} onClick={() => dismissToast(toast.id)}>
        <CloseIcon />
      </button>
    </div>
  );
}
