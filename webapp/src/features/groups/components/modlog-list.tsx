import { useState } from 'react';
import { MODLOG_PAGE_SIZE, useModlog } from '@/api/groups/get-modlog';
import type { ModlogEntry } from '@/api/groups/types';
import { useFormat, useT } from '@/lib/i18n';
import { pageCount } from '../lib/paging';
import { Pager } from './pager';
import styles from './groups.module.css';
import pageStyles from './group-page.module.css';

/** The log's action names that have their own sentence; any other is shown by its name. */
const ACTION_KEYS = {
  remove_member: 'groups.modlog.action.remove_member',
  decline_request: 'groups.modlog.action.decline_request',
  approve_request: 'groups.modlog.action.approve_request',
  promote_member: 'groups.modlog.action.promote_member',
  demote_member: 'groups.modlog.action.demote_member',
  set_role: 'groups.modlog.action.set_role',
  transfer_group: 'groups.modlog.action.transfer_group',
  remove_group_favorite: 'groups.modlog.action.remove_group_favorite',
  edit_group: 'groups.modlog.action.edit_group',
  update_group: 'groups.modlog.action.edit_group',
  delete_group: 'groups.modlog.action.delete_group',
} as const;

/** The moderation log, newest first, for the owner and moderators. */
export function ModlogList({ groupId }: { groupId: number }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const query = useModlog(groupId, page);
  const pages = pageCount(query.data?.total ?? 0, MODLOG_PAGE_SIZE);

  return (
    <section aria-labelledby="group-modlog-title">
      <h2 id="group-modlog-title" className="visually-hidden">
        {t('groups.modlog.title')}
      </h2>
      <p className={pageStyles.listCount}>{t('groups.modlog.lead')}</p>
      {query.isPending ? (
        <p className="muted" role="status">
          {t('groups.modlog.loading')}
        </p>
      ) : query.isError ? (
        <p className={`muted ${styles.retryLine}`} role="alert">
          {t('groups.modlog.error')}
          <button type="button" className={styles.linkButton} onClick={() => void query.refetch()}>
            {t('groups.common.retry')}
          </button>
        </p>
      ) : query.data.entries.length === 0 ? (
        <div className={styles.emptyBox}>
          <p>{t('groups.modlog.empty')}</p>
        </div>
      ) : (
        <>
          <ol className={pageStyles.log} aria-label={t('groups.modlog.title')}>
            {query.data.entries.map((entry, index) => (
              <LogEntry key={`${entry.created_at}-${index}`} entry={entry} />
            ))}
          </ol>
          <Pager page={page} pages={pages} onPage={setPage} label={t('groups.modlog.pagesLabel')} />
        </>
      )}
    </section>
  );
}

function LogEntry({ entry }: { entry: ModlogEntry }) {
  const t = useT();
  const format = useFormat();
  const key = ACTION_KEYS[entry.action as keyof typeof ACTION_KEYS];
  const values = { actor: entry.actor, target: entry.target };
  return (
    <li className={pageStyles.logEntry}>
      <time dateTime={entry.created_at} className={pageStyles.logTime}>
        {format.dateTime(entry.created_at) ?? entry.created_at}
      </time>
      <span>{key ? t(key, values) : t('groups.modlog.action.other', { ...values, action: entry.action })}</span>
      {entry.reason ? <span className={pageStyles.logReason}>{t('groups.modlog.reason', { reason: entry.reason })}</span> : null}
    </li>
  );
}
