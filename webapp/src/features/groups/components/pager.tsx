import { useT } from '@/lib/i18n';
import { ChevronIcon } from './icons';
import styles from './groups.module.css';

type PagerProps = {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** Names the navigation for screen readers, e.g. "Group favorites pages". */
  label: string;
};

/** Prev / Page n of m / Next; nothing when everything fits on one page. */
export function Pager({ page, pages, onPage, label }: PagerProps) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <button type="button" className="btn" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        <ChevronIcon direction="left" /> {t('groups.paging.prev')}
      </button>
      <span className={styles.pageInfo} aria-live="polite">
        {t('groups.paging.status', { page, pages })}
      </span>
      <button type="button" className="btn" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        {t('groups.paging.next')} <ChevronIcon direction="right" />
      </button>
    </nav>
  );
}
