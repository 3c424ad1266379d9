import { useState } from 'react';
import { Link, useNavigate } from '@/lib/router';
import { useDeleteGroup } from '@/api/groups/delete-group';
import { useJoinGroup, useLeaveGroup } from '@/api/groups/membership';
import type { Group } from '@/api/groups/types';
import { ConfirmDialog } from '@/components/dialog/confirm-dialog';
import { showToast } from '@/components/toast/toast-store';
import { ApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import { panelCapabilities } from '../lib/capabilities';
import { joinOutcome } from '../lib/join-outcome';
import type { Viewer } from '../lib/viewer';
import { EditGroupDialog } from './edit-group-dialog';
import { MembersDialog } from './members-dialog';
import { PendingRequests } from './pending-requests';
import { useFailureText } from './use-failure-text';
import { NONE_STATUS_KEYS, STATUS_KEYS } from './text-keys';
import pageStyles from './group-page.module.css';

type ManagementPanelProps = { group: Group; viewer: Viewer; viewerId: number };

type Open = 'members' | 'edit' | 'leave' | 'delete' | null;

/**
 * The signed-in viewer's part in the group (PRODUCT-SPEC §2, §4, §6): join, request, withdraw
 * or leave; the member list; for the owner and moderators the join requests; for the owner
 * editing and deleting (then back to /groups).
 */
export function ManagementPanel({ group, viewer, viewerId }: ManagementPanelProps) {
  const t = useT();
  const failureText = useFailureText();
  const navigate = useNavigate();
  const can = panelCapabilities(viewer.role, group.visibility);
  const [open, setOpen] = useState<Open>(null);
  const join = useJoinGroup(group.id);
  const leave = useLeaveGroup(group.id);
  const remove = useDeleteGroup(group.id);
  const busy = join.isPending || leave.isPending;

  function onJoin(how: 'join' | 'request') {
    join.mutate(how, {
      onSuccess: () => showToast(t(how === 'join' ? 'groups.toast.joined' : 'groups.toast.requestSent'), 'success'),
      onError: (error) => {
        const outcome = error instanceof ApiError ? joinOutcome(error.status, error.code, error.serverMessage) : joinOutcome(0, undefined, undefined);
        if (outcome.kind === 'pending') showToast(t('groups.toast.alreadyPending'));
        else if (outcome.kind === 'member') showToast(t('groups.toast.alreadyMember'));
        else if (outcome.kind === 'owner') showToast(t('groups.toast.alreadyOwner'));
        else if (outcome.kind === 'login') showToast(t('groups.toast.joinLogin'), 'error');
        else showToast(failureText(error, t('groups.toast.joinFailed')), 'error');
      },
    });
  }

  function onLeave(withdrawing: boolean) {
    leave.mutate(withdrawing, {
      onSuccess: () => {
        setOpen(null);
        showToast(t(withdrawing ? 'groups.toast.withdrawn' : 'groups.toast.left'), 'success');
      },
      onError: (error) => {
        setOpen(null);
        showToast(failureText(error, t(withdrawing ? 'groups.toast.withdrawFailed' : 'groups.toast.leaveFailed')), 'error');
      },
    });
  }

  function onDelete() {
    remove.mutate(undefined, {
      onSuccess: () => {
        setOpen(null);
        showToast(t('groups.toast.deleted'), 'success');
        navigate('/groups');
      },
      onError: (error) => {
        setOpen(null);
        showToast(failureText(error, t('groups.toast.deleteFailed')), 'error');
      },
    });
  }

  return (
    <section className={pageStyles.panel} aria-labelledby="group-panel-title">
      <div className={pageStyles.panelHead}>
        <div>
          <h2 id="group-panel-title" className={pageStyles.panelTitle}>
            {t('groups.panel.title')}
          </h2>
          <p className={pageStyles.panelStatus}>
            {viewer.role === 'none' ? t(NONE_STATUS_KEYS[group.visibility]) : t(STATUS_KEYS[viewer.role])}
          </p>
        </div>
        <div className={pageStyles.panelActions}>
          {can.join ? (
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => onJoin(can.join ?? 'join')}>
              {t(can.join === 'join' ? 'groups.panel.join' : 'groups.panel.request')}
            </button>
          ) : null}
          {can.withdraw ? (
            <button type="button" className="btn" disabled={busy} onClick={() => onLeave(true)}>
              {t('groups.panel.withdraw')}
            </button>
          ) : null}
          {can.viewMembers ? (
            <button type="button" className="btn" aria-haspopup="dialog" onClick={() => setOpen('members')}>
              {t('groups.panel.members')}
            </button>
          ) : null}
          {can.edit ? (
            <button type="button" className="btn" aria-haspopup="dialog" onClick={() => setOpen('edit')}>
              {t('groups.panel.edit')}
            </button>
          ) : null}
          {can.leave ? (
            <button type="button" className="btn btn-ghost-danger" disabled={busy} aria-haspopup="dialog" onClick={() => setOpen('leave')}>
              {t('groups.panel.leave')}
            </button>
          ) : null}
          {can.delete ? (
            <button type="button" className="btn btn-ghost-danger" aria-haspopup="dialog" onClick={() => setOpen('delete')}>
              {t('groups.panel.delete')}
            </button>
          ) : null}
        </div>
      </div>

      {can.answerRequests ? <PendingRequests groupId={group.id} /> : null}

      {open === 'members' ? <MembersDialog group={group} viewer={viewer} viewerId={viewerId} onClose={() => setOpen(null)} /> : null}
      {open === 'edit' ? <EditGroupDialog group={group} viewer={viewer} viewerId={viewerId} onClose={() => setOpen(null)} /> : null}
      {open === 'leave' ? (
        <ConfirmDialog
          title={t('groups.leave.title')}
          message={t('groups.leave.confirm', { name: group.name })}
          confirmLabel={t('groups.leave.yes')}
          danger
          busy={leave.isPending}
          onConfirm={() => onLeave(false)}
          onCancel={() => setOpen(null)}
        />
      ) : null}
      {open === 'delete' ? (
        <ConfirmDialog
          title={t('groups.delete.title')}
          message={t('groups.delete.confirm', { name: group.name })}
          confirmLabel={remove.isPending ? t('groups.delete.deleting') : t('groups.delete.yes')}
          danger
          busy={remove.isPending}
          onConfirm={onDelete}
          onCancel={() => setOpen(null)}
        />
      ) : null}
    </section>
  );
}

/** What a visitor sees instead of the panel: joining takes an account (PRODUCT-SPEC §6). */
export function VisitorJoinPrompt() {
  const t = useT();
  return (
    <section className={`${pageStyles.panel} ${pageStyles.visitorPanel}`} aria-label={t('groups.panel.title')}>
      <p className={pageStyles.panelStatus}>{t('groups.panel.visitor')}</p>
      <div className={pageStyles.panelActions}>
        <Link to="/login" className="btn btn-primary">
          {t('groups.panel.login')}
        </Link>
        <Link to="/signup" className="btn">
          {t('groups.panel.signup')}
        </Link>
      </div>
    </section>
  );
}
