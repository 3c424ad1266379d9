import { useEffect } from 'react';
import { Link } from '@/lib/router';
import { useChangeMember, usePendingRequests, type MemberChange } from '@/api/groups/members';
import { showToast } from '@/components/toast/toast-store';
import { useFormat, useT } from '@/lib/i18n';
import { USERNAME_LIMIT, truncate } from '../lib/format';
import { useFailureText } from './use-failure-text';
import styles from './groups.module.css';
import pageStyles from './group-page.module.css';

/** Join requests with Approve and Decline, for the owner and moderators (PRODUCT-SPEC §4, §6). */
export function PendingRequests({ groupId }: { groupId: number }) {
  const t = useT();
  const format = useFormat();
  const failureText = useFailureText();
  const query = usePendingRequests(groupId, true);
  const change = useChangeMember(groupId);
  const working = change.isPending ? change.variables : null;

  useEffect(() => {
    if (query.isError) showToast(t('groups.toast.pendingFailed'), 'error');
  }, [query.isError, query.errorUpdatedAt, t]);

  function answer(kind: 'approve' | 'decline', userId: number) {
    const action: MemberChange = { kind, userId };
    change.mutate(action, {
      onSuccess: () => showToast(t(kind === 'approve' ? 'groups.toast.approved' : 'groups.toast.declined'), 'success'),
      onError: (error) => showToast(failureText(error, t(kind === 'approve' ? 'groups.toast.approveFailed' : 'groups.toast.declineFailed')), 'error'),
    });
  }

  const requests = query.data ?? [];
  return (
    <section className={pageStyles.requests} aria-labelledby={`group-requests-${groupId}`}>
      <h3 id={`group-requests-${groupId}`} className={pageStyles.subTitle}>
        {t('groups.pending.title')}
        {requests.length > 0 ? <span className={styles.countBadge}>{requests.length}</span> : null}
      </h3>
      {query.isPending ? (
        <p className="muted" role="status">
          {t('groups.pending.loading')}
        </p>
      ) : query.isError ? (
        <p className={`muted ${styles.retryLine}`}>
          {t('groups.toast.pendingFailed')}
          <button type="button" className={styles.linkButton} onClick={() => void query.refetch()}>
            {t('groups.common.retry')}
          </button>
        </p>
      ) : requests.length === 0 ? (
        <p className="muted">{t('groups.pending.empty')}</p>
      ) : (
        <ul className={pageStyles.peopleList} aria-label={t('groups.pending.title')}>
          {requests.map((request) => {
            const busy = working?.userId === request.user_id;
            return (
              <li key={request.user_id} className={pageStyles.person}>
                <span className={pageStyles.personInfo}>
                  <Link to={`/profile/${request.user_id}`} className={pageStyles.personName} title={request.username}>
                    {truncate(request.username, USERNAME_LIMIT)}
                  </Link>
                  <span className={pageStyles.personMeta}>{t('groups.pending.requested', { date: format.date(request.requested_at) ?? '—' })}</span>
                </span>
                <span className={pageStyles.personActions}>
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={busy}
                    aria-label={t('groups.pending.approveName', { name: request.username })}
                    onClick={() => answer('approve', request.user_id)}
                  >
                    {t('groups.pending.approve')}
                  </button>
                  <button
                    type="button"
                    className="btn"
                    disabled={busy}
                    aria-label={t('groups.pending.declineName', { name: request.username })}
                    onClick={() => answer('decline', request.user_id)}
                  >
                    {t('groups.pending.decline')}
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
