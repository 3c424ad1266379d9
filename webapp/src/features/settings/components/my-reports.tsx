import { useMyReports, type Report } from '@/api/reports';
import { useErrorText, useFormat, useT } from '@/lib/i18n';
import styles from './settings.module.css';

/** The reports the user filed, each with its target, reason, status and, once handled, what the moderators did. */
export function MyReports() {
  const t = useT();
  const errorText = useErrorText();
  const reports = useMyReports();
  return (
    <section className={`card ${styles.section}`} aria-labelledby="reports-title">
      <h2 id="reports-title">{t('reports.mine.title')}</h2>
      {reports.isPending ? (
        <p className="muted">{t('reports.mine.loading')}</p>
      ) : reports.isError ? (
        <p className="error" role="alert">
          {errorText(reports.error, t('reports.mine.failed'))}
        </p>
      ) : reports.data.length === 0 ? (
        <p className="muted">{t('reports.mine.empty')}</p>
      ) : (
        <ul className={styles.reports} aria-label={t('reports.mine.title')}>
          {reports.data.map((report) => (
            <ReportRow key={report.id} report={report} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReportRow({ report }: { report: Report }) {
  const t = useT();
  const format = useFormat();
  const filed = format.date(report.created_at) ?? report.created_at;
  const status =
    report.status === 'open' || !report.resolution
      ? t('reports.status.open')
      : t('reports.status.resolved', { resolution: t(`reports.resolution.${report.resolution}`) });
  return (
    <li className={styles.report} data-testid="my-report">
      <span className={styles.reportTarget}>
        {t('reports.targetLine', { type: t(`reports.target.${report.target_type}`), label: report.target_label })}
      </span>
      <span>{t(`reports.reason.${report.reason}`)}</span>
      <span className="muted">{filed}</span>
      <span className={report.status === 'open' ? styles.reportOpen : styles.reportResolved}>{status}</span>
    </li>
  );
}
