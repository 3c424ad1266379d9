import { useState } from 'react';
import type { ReportTargetType } from '@/api/reports';
import { useT } from '@/lib/i18n';
import { ReportDialog } from './report-dialog';

export type ReportButtonProps = {
  targetType: ReportTargetType;
  targetId: number;
  /** The dialog's title, naming what is reported. */
  title: string;
  /** The button's accessible name when "Report" alone would be ambiguous (a list of reviews). */
  label?: string;
  className?: string;
};

/** "Report" and its dialog. The caller shows it only to signed-in users who are not the author, owner or the user themself. */
export function ReportButton({ targetType, targetId, title, label, className = 'btn' }: ReportButtonProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-label={label} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('reports.action')}
      </button>
      {open ? <ReportDialog targetType={targetType} targetId={targetId} title={title} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
