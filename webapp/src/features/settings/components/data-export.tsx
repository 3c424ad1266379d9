import { useState } from 'react';
import { downloadExport, type ExportFormat } from '@/api/imports';
import { useErrorText, useT } from '@/lib/i18n';
import styles from './settings.module.css';

/** "Download my data": everything stored about the user, as JSON or as CSV files in a ZIP. */
export function DataExport() {
  const t = useT();
  const errorText = useErrorText();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [error, setError] = useState<unknown>(null);

  async function download(format: ExportFormat) {
    setBusy(format);
    setError(null);
    try {
      await downloadExport(format);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className={`card ${styles.section}`} aria-labelledby="export-title">
      <h2 id="export-title">{t('settings.export.title')}</h2>
      <p className="muted">{t('settings.export.intro')}</p>
      <div className={styles.actions}>
        <button type="button" className="btn" disabled={busy !== null} onClick={() => void download('json')}>
          {busy === 'json' ? t('settings.export.preparing') : t('settings.export.json')}
        </button>
        <button type="button" className="btn" disabled={busy !== null} onClick={() => void download('zip')}>
          {busy === 'zip' ? t('settings.export.preparing') : t('settings.export.zip')}
        </button>
      </div>
      {error !== null && (
        <p className="error" role="alert">
          {errorText(error, t('settings.export.failed'))}
        </p>
      )}
    </section>
  );
}
