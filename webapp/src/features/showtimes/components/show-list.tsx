import type { ShowView } from '../api/types';
import { useT } from '@/lib/i18n';
import type { PartyArea } from './plan-party';
import { ShowItem } from './show-item';
import styles from './show-list.module.css';

/** Shows, already filtered and sorted by start time. */
export function ShowList({ shows, now, label, area }: { shows: ShowView[]; now: Date; label?: string; area?: PartyArea }) {
  const t = useT();
  return (
    <ol className={styles.list} aria-label={label ?? t('showtimes.list')}>
      {shows.map((show) => (
        <ShowItem key={`${show.id}-${show.start}`} show={show} now={now} area={area} />
      ))}
    </ol>
  );
}
