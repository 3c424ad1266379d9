import { useEffect, useRef } from 'react';
import { useT } from '@/lib/i18n';
import { Dialog } from './dialog';

export type MessageDialogProps = {
  title: string;
  message: string;
  tone?: 'default' | 'success' | 'danger';
  /** Closes by itself after this many milliseconds (PRODUCT-SPEC §9: 2000 for login). */
  autoCloseMs?: number;
  onClose: () => void;
};

/** A short notice (success or failure) with an OK button, optionally closing by itself. */
export function MessageDialog({ title, message, tone = 'default', autoCloseMs, onClose }: MessageDialogProps) {
  const t = useT();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (autoCloseMs === undefined) return;
    const timer = window.setTimeout(() => onCloseRef.current(), autoCloseMs);
    return () => window.clearTimeout(timer);
  }, [autoCloseMs]);

  return (
    <Dialog
      title={title}
      description={message}
      role={tone === 'danger' ? 'alertdialog' : 'dialog'}
      tone={tone}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
          {t('dialog.ok')}
        </button>
      }
    />
  );
}
