import { useState } from 'react';
import { Link } from '@/lib/router';
import {
  isWorking,
  useChooseCandidate,
  useConfirmImport,
  useImport,
  useImportItems,
  useStartImport,
  type Import,
  type ImportItem,
} from '@/api/imports';
import { useErrorText, useT } from '@/lib/i18n';
import styles from './settings.module.css';

/**
 * "Import from Letterboxd": upload the export (ZIP or CSV files), read the dry run (what
 * would be added, what is already there, skipped, not found, and the films to choose
 * between), confirm, and follow the progress until done.
 */
export function LetterboxdImport() {
  const t = useT();
  const errorText = useErrorText();
  const [files, setFiles] = useState<File[]>([]);
  const [jobId, setJobId] = useState<number | null>(null);
  const start = useStartImport();
  const job = useImport(jobId);

  function upload() {
    if (files.length === 0) return;
    start.mutate(files, { onSuccess: (started) => setJobId(started.id) });
  }

  return (
    <section className={`card ${styles.section}`} aria-labelledby="import-title">
      <h2 id="import-title">{t('settings.import.title')}</h2>
      <p className="muted">{t('settings.import.intro')}</p>
      {jobId === null || job.data?.status === 'done' ? (
        <div className={styles.actions}>
          <input
            type="file"
            accept=".zip,.csv,application/zip,text/csv"
            multiple
            aria-label={t('settings.import.fileLabel')}
            onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
          />
          <button
            type="button"
            className="btn btn-primary"
            disabled={files.length === 0 || start.isPending}
            onClick={upload}
          >
            {start.isPending ? t('settings.import.uploading') : t('settings.import.upload')}
          </button>
        </div>
      ) : null}
      {start.isError && (
        <p className="error" role="alert">
          {errorText(start.error, t('settings.import.failed'))}
        </p>
      )}
      {job.isError && (
        <p className="error" role="alert">
          {errorText(job.error, t('settings.import.failed'))}
        </p>
      )}
      {job.data && <ImportState job={job.data} />}
    </section>
  );
}

function ImportState({ job }: { job: Import }) {
  const t = useT();
  if (isWorking(job)) {
    const label = job.status === 'importing' ? t('settings.import.importing') : t('settings.import.matching');
    return (
      <div role="status">
        <p>{label}</p>
        <progress className={styles.progress} max={100} value={job.progress} aria-label={label} />
        <p className="muted">{t('settings.import.percent', { percent: job.progress })}</p>
      </div>
    );
  }
  if (job.status === 'failed') {
    return (
      <p className="error" role="alert">
        {t('settings.import.jobFailed')}
      </p>
    );
  }
  if (job.status === 'done') {
    return (
      <div role="status">
        <p>{t('settings.import.done', { added: job.counts.added, existing: job.counts.skip_existing })}</p>
        <p className={styles.actions}>
          <Link to="/profile">{t('settings.import.seeProfile')}</Link>
          <Link to="/watchlist">{t('settings.import.seeWatchlist')}</Link>
        </p>
      </div>
    );
  }
  return <DryRun job={job} />;
}

function DryRun({ job }: { job: Import }) {
  const t = useT();
  const errorText = useErrorText();
  const confirm = useConfirmImport(job.id);
  const ambiguous = useImportItems(job.id, 'ambiguous', job.counts.ambiguous > 0);
  const counts = job.counts;
  return (
    <div>
      <h3>{t('settings.import.summaryTitle')}</h3>
      <ul className={styles.summary} aria-label={t('settings.import.summaryTitle')}>
        <li>{t('settings.import.wouldAdd', { count: counts.would_add })}</li>
        <li>{t('settings.import.existing', { count: counts.skip_existing })}</li>
        <li>{t('settings.import.skipped', { count: counts.skipped })}</li>
        <li>{t('settings.import.unmatched', { count: counts.unmatched })}</li>
        <li>{t('settings.import.ambiguous', { count: counts.ambiguous })}</li>
      </ul>
      {counts.rating_defaulted > 0 && (
        <p className="muted">{t('settings.import.defaulted', { count: counts.rating_defaulted })}</p>
      )}
      {counts.skipped > 0 && <p className="muted">{t('settings.import.skippedWhy')}</p>}
      {ambiguous.data && ambiguous.data.length > 0 && (
        <ul className={styles.choices} aria-label={t('settings.import.choicesTitle')}>
          {ambiguous.data.map((item) => (
            <Choice key={item.id} jobId={job.id} item={item} />
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className="btn btn-primary"
          disabled={counts.would_add === 0 || confirm.isPending}
          onClick={() => confirm.mutate()}
        >
          {t('settings.import.confirm', { count: counts.would_add })}
        </button>
      </div>
      {confirm.isError && (
        <p className="error" role="alert">
          {errorText(confirm.error, t('settings.import.failed'))}
        </p>
      )}
    </div>
  );
}

function Choice({ jobId, item }: { jobId: number; item: ImportItem }) {
  const t = useT();
  const errorText = useErrorText();
  const choose = useChooseCandidate(jobId);
  const [chosen, setChosen] = useState<number | null>(item.tmdb_id ?? null);
  const title = item.year ? t('settings.import.titleYear', { title: item.title, year: item.year }) : item.title;
  return (
    <li>
      <fieldset>
        <legend>{t('settings.import.whichFilm', { title })}</legend>
        {item.candidates.map((candidate) => {
          const label = candidate.release_year
            ? t('settings.import.titleYear', { title: candidate.title, year: candidate.release_year })
            : candidate.title;
          return (
            <label key={candidate.tmdb_id} className={styles.actions}>
              <input
                type="radio"
                name={`import-item-${item.id}`}
                checked={chosen === candidate.tmdb_id}
                disabled={choose.isPending}
                onChange={() =>
                  choose.mutate({ item: item.id, tmdbId: candidate.tmdb_id }, { onSuccess: () => setChosen(candidate.tmdb_id) })
                }
              />
              {label}
            </label>
          );
        })}
        {choose.isError && (
          <p className="error" role="alert">
            {errorText(choose.error, t('settings.import.failed'))}
          </p>
        )}
      </fieldset>
    </li>
  );
}
