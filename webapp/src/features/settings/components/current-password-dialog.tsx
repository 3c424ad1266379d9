import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/dialog/dialog';
import { useT } from '@/lib/i18n';

type CurrentPasswordDialogProps = {
  title: string;
  description: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  /** A problem to show under the field, e.g. the server's "wrong password" message. */
  error?: string | null;
  onConfirm: (currentPassword: string) => void;
  onCancel: () => void;
};

/** Every account change is confirmed with the current password (PRODUCT-SPEC §4). */
export function CurrentPasswordDialog({
  title,
  description,
  confirmLabel,
  danger = false,
  busy = false,
  error = null,
  onConfirm,
  onCancel,
}: CurrentPasswordDialogProps) {
  const t = useT();
  const inputId = useId();
  const errorId = useId();
  const [password, setPassword] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const shown = localError ?? error;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) {
      setLocalError(t('settings.password.required'));
      return;
    }
    setLocalError(null);
    onConfirm(password);
  }

  return (
    <Dialog title={title} description={description} onClose={onCancel} tone={danger ? 'danger' : 'default'}>
      <form noValidate onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={inputId}>{t('settings.password.label')}</label>
          <input
            id={inputId}
            type="password"
            autoComplete="current-password"
            required
            data-autofocus
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setLocalError(null);
            }}
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? errorId : undefined}
          />
          {shown ? (
            <span id={errorId} className="error" role="alert">
              {shown}
            </span>
          ) : null}
        </div>
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onCancel}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" className={danger ? 'btn btn-danger' : 'btn btn-primary'} disabled={busy}>
            {busy ? t('settings.password.wait') : confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
