import { useId, useState, type FormEvent } from 'react';
import { REPORT_NOTE_MAX, REPORT_REASONS, useFileReport, type ReportReason, type ReportTargetType } from '@/api/reports';
import { Dialog } from '@/components/dialog/dialog';
import { showToast } from '@/components/toast/toast-store';
import { useErrorText, useT } from '@/lib/i18n';
import styles from './report.module.css';

export type ReportDialogProps = {
  targetType: ReportTargetType;
  targetId: number;
  /** What is reported, as the title names it ("Report review by mikko"). */
  title: string;
  onClose: () => void;
};

/**
 * Asks why (one reason, required) and for an optional note, then files the report: a thank-you
 * toast on success; a refusal (e.g. already reported) stays in the dialog, announced.
 */
export function ReportDialog({ targetType, targetId, title, onClose }: ReportDialogProps) {
  const t = useT();
  const errorText = useErrorText();
  const file = useFileReport();
  const noteId = useId();
  const errorId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason) {
      setProblem(t('reports.reasonRequired'));
      return;
    }
    setProblem(null);
    const trimmed = note.trim();
    file.mutate(
      { target_type: targetType, target_id: targetId, reason, ...(trimmed ? { note: trimmed } : {}) },
      {
        onSuccess: () => {
          showToast(t('reports.thanks'), 'success');
          onClose();
        },
        onError: (error) => setProblem(errorText(error, t('reports.failed'))),
      },
    );
  }

  return (
    <Dialog title={title} description={t('reports.description')} onClose={onClose}>
      <form noValidate onSubmit={onSubmit}>
        <fieldset className={styles.reasons} aria-describedby={problem ? errorId : undefined}>
          <legend>{t('reports.reasonLabel')}</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className={styles.reason}>
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setProblem(null);
                }}
              />
              {t(`reports.reason.${value}`)}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={noteId}>{t('reports.noteLabel')}</label>
          <textarea id={noteId} rows={3} maxLength={REPORT_NOTE_MAX} value={note} onChange={(event) => setNote(event.target.value)} />
          <span className="hint">{t('reports.noteHint', { max: REPORT_NOTE_MAX })}</span>
        </div>
        {problem ? (
          <p id={errorId} className={styles.error} role="alert">
            {problem}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={file.isPending}>
            {file.isPending ? t('reports.sending') : t('reports.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
