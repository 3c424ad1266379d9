import { useEffect, useState } from 'react';
import { Link } from '@/lib/router';
import { useChangeMember, useMembers, type MemberChange } from '@/api/groups/members';
import type { Group, GroupMember } from '@/api/groups/types';
import { ConfirmDialog } from '@/components/dialog/confirm-dialog';
import { Dialog } from '@/components/dialog/dialog';
import { showToast } from '@/components/toast/toast-store';
import { ApiError } from '@/lib/api-client';
import { useFormat, useT } from '@/lib/i18n';
import { memberActions } from '../lib/capabilities';
import { USERNAME_LIMIT, truncate } from '../lib/format';
import { MEMBERS_PAGE_SIZE, clampPage, pageCount, pageItems } from '../lib/paging';
import type { Viewer } from '../lib/viewer';
import { Pager } from './pager';
import { useFailureText } from './use-failure-text';
import { ROLE_KEYS } from './text-keys';
import pageStyles from './group-page.module.css';

type MembersDialogProps = { group: Group; viewer: Viewer; viewerId: number; onClose: () => void };

/** The confirmations a change needs first: removing someone and handing the group over. */
type Pending = { kind: 'remove' | 'transfer'; member: GroupMember } | null;

const ROLE_ORDER: Record<string, number> = { owner: 0, moderator: 1, member: 2, pending: 3, none: 4 };

/** What each change says when it worked, and when it failed (PRODUCT-SPEC §8). */
const SUCCESS = {
  approve: 'groups.toast.approved',
  decline: 'groups.toast.declined',
  remove: 'groups.toast.removed',
  promote: 'groups.toast.promoted',
  demote: 'groups.toast.demoted',
  transfer: 'groups.toast.transferred',
} as const satisfies Record<MemberChange['kind'], string>;
const FAILED = {
  approve: 'groups.toast.approveFailed',
  decline: 'groups.toast.declineFailed',
  remove: 'groups.toast.removeFailed',
  promote: 'groups.toast.promoteFailed',
  demote: 'groups.toast.demoteFailed',
  transfer: 'groups.toast.transferFailed',
} as const satisfies Record<MemberChange['kind'], string>;

/** The members, 5 a page: the owner promotes, demotes, removes and hands over; moderators remove plain members. */
export function MembersDialog({ group, viewer, viewerId, onClose }: MembersDialogProps) {
  const t = useT();
  const format = useFormat();
  const failureText = useFailureText();
  const query = useMembers(group.id, true);
  const change = useChangeMember(group.id);
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<Pending>(null);
  const forbidden = query.error instanceof ApiError && query.error.status === 403;

  useEffect(() => {
    if (query.isError) showToast(forbidden ? t('groups.members.membersOnly') : t('groups.toast.membersFailed'), 'error');
  }, [query.isError, query.errorUpdatedAt, forbidden, t]);

  const members = [...(query.data ?? [])].sort(
    (a, b) => (ROLE_ORDER[a.role] ?? 9) - (ROLE_ORDER[b.role] ?? 9) || a.username.localeCompare(b.username),
  );
  const current = clampPage(page, members.length, MEMBERS_PAGE_SIZE);

  function run(kind: MemberChange['kind'], member: GroupMember) {
    change.mutate(
      { kind, userId: member.id },
      {
        onSuccess: () => {
          setPending(null);
          showToast(t(SUCCESS[kind], { name: member.username }), 'success');
        },
        onError: (error) => {
          setPending(null);
          showToast(failureText(error, t(FAILED[kind])), 'error');
        },
      },
    );
  }

  const busyId = change.isPending ? change.variables?.userId : undefined;

  return (
    <>
      <Dialog title={t('groups.members.title', { name: group.name })} onClose={onClose} size="wide">
        {query.isPending ? (
          <p role="status">{t('groups.members.loading')}</p>
        ) : query.isError ? (
          <p className="notice notice-error" role="alert">
            {forbidden ? t('groups.members.membersOnly') : t('groups.toast.membersFailed')}
          </p>
        ) : (
          <>
            <p className={pageStyles.dialogLead}>{t('groups.card.members', { count: members.length })}</p>
            <ul className={pageStyles.peopleList} aria-label={t('groups.members.listLabel')}>
              {pageItems(members, current, MEMBERS_PAGE_SIZE).map((member) => {
                const isSelf = member.id === viewerId;
                const can = memberActions(viewer.role, member.role, isSelf);
                const busy = busyId === member.id;
                return (
                  <li key={member.id} className={pageStyles.person} data-testid="member-row">
                    <span className={pageStyles.personInfo}>
                      <Link to={`/profile/${member.id}`} className={pageStyles.personName} title={member.username} onClick={onClose}>
                        {truncate(member.username, USERNAME_LIMIT)}
                      </Link>
                      {isSelf ? <span className={pageStyles.you}>{t('groups.members.you')}</span> : null}
                      <span className={`${pageStyles.role} ${pageStyles[`role-${member.role}`] ?? ''}`}>{t(ROLE_KEYS[member.role])}</span>
                      <span className={pageStyles.personMeta}>{t('groups.members.joined', { date: format.date(member.joined_at) ?? '—' })}</span>
                    </span>
                    <span className={pageStyles.personActions}>
                      {can.promote ? (
                        <button type="button" className="btn" disabled={busy} onClick={() => run('promote', member)} aria-label={t('groups.members.promoteName', { name: member.username })}>
                          {t('groups.members.promote')}
                        </button>
                      ) : null}
                      {can.demote ? (
                        <button type="button" className="btn" disabled={busy} onClick={() => run('demote', member)} aria-label={t('groups.members.demoteName', { name: member.username })}>
                          {t('groups.members.demote')}
                        </button>
                      ) : null}
                      {can.makeOwner ? (
                        <button
                          type="button"
                          className="btn"
                          disabled={busy}
                          onClick={() => setPending({ kind: 'transfer', member })}
                          aria-label={t('groups.members.makeOwnerName', { name: member.username })}
                        >
                          {t('groups.members.makeOwner')}
                        </button>
                      ) : null}
                      {can.remove ? (
                        <button
                          type="button"
                          className="btn btn-ghost-danger"
                          disabled={busy}
                          onClick={() => setPending({ kind: 'remove', member })}
                          aria-label={t('groups.members.removeName', { name: member.username })}
                        >
                          {t('groups.members.remove')}
                        </button>
                      ) : null}
                    </span>
                  </li>
                );
              })}
            </ul>
            <Pager page={current} pages={pageCount(members.length, MEMBERS_PAGE_SIZE)} onPage={setPage} label={t('groups.members.pagesLabel')} />
          </>
        )}
      </Dialog>
      {/* Beside the list's dialog, not in it: a key pressed here must not reach the list's dialog too. */}
      {pending?.kind === 'remove' ? (
        <ConfirmDialog
          title={t('groups.members.removeTitle')}
          message={t('groups.members.removeConfirm', { name: pending.member.username })}
          confirmLabel={t('groups.members.remove')}
          danger
          busy={change.isPending}
          onConfirm={() => run('remove', pending.member)}
          onCancel={() => setPending(null)}
        />
      ) : null}
      {pending?.kind === 'transfer' ? (
        <ConfirmDialog
          title={t('groups.members.transferTitle')}
          message={t('groups.members.transferConfirm', { name: pending.member.username, group: group.name })}
          confirmLabel={t('groups.members.makeOwner')}
          busy={change.isPending}
          onConfirm={() => run('transfer', pending.member)}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </>
  );
}
