import { useState } from 'react';
import { useGroupActivity } from '@/api/groups/group-activity';
import type { Group } from '@/api/groups/types';
import { ReviewItem } from '@/components/review/review-item';
import { useT } from '@/lib/i18n';
import { ACTIVITY_PAGE_SIZE, pageCount } from '../lib/paging';
import { Pager } from './pager';
import styles from './groups.module.css';
import pageStyles from './group-page.module.css';

/** Group Activity: the members' reviews, newest first, 5 a page; authors edit and delete theirs in place. */
export function GroupActivity({ group, viewerId }: { group: Group; viewerId: number | null }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const query = useGroupActivity(group.id, page);
  const total = query.data?.total ?? 0;
  const pages = pageCount(total, ACTIVITY_PAGE_SIZE);
  if (query.isSuccess && !query.isPlaceholderData && page > pages) setPage(pages);

  return (
    <section aria-labelledby="group-activity-title">
      <h2 id="group-activity-title" className="visually-hidden">
        {t('groups.activity.title')}
      </h2>
      {total > 0 ? <p className={pageStyles.listCount}>{t('groups.activity.count', { count: total })}</p> : null}
      {query.isPending ? (
        <p className="muted" role="status">
          {t('groups.activity.loading')}
        </p>
      ) : query.isError ? (
        <p className={`muted ${styles.retryLine}`} role="alert">
          {t('groups.activity.error')}
          <button type="button" className={styles.linkButton} onClick={() => void query.refetch()}>
            {t('groups.common.retry')}
          </button>
        </p>
      ) : query.data.reviews.length === 0 ? (
        <div className={styles.emptyBox}>
          <p>{t('groups.activity.empty')}</p>
        </div>
      ) : (
        <>
          <ol className={pageStyles.reviewList} aria-label={t('groups.activity.listLabel', { name: group.name })} aria-busy={query.isFetching || undefined}>
            {query.data.reviews.map((review) => (
              <li key={review.id}>
                <ReviewItem review={review} viewerId={viewerId} showMovie />
              </li>
            ))}
          </ol>
          <Pager page={Math.min(page, pages)} pages={pages} onPage={setPage} label={t('groups.activity.pagesLabel')} />
        </>
      )}
    </section>
  );
}
