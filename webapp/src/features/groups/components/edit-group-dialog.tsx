import { useState, type FormEvent } from 'react';
import type { Group } from '@/api/groups/types';
import { useUpdateGroup } from '@/api/groups/update-group';
import { Dialog } from '@/components/dialog/dialog';
import { showToast } from '@/components/toast/toast-store';
import { useT } from '@/lib/i18n';
import { groupChanges, type GroupDraft } from '../lib/group-draft';
import { viewerAfterUpdate, type Viewer } from '../lib/viewer';
import { GroupFormFields } from './group-form-fields';
import { useFailureText } from './use-failure-text';
import formStyles from './group-form.module.css';

type EditGroupDialogProps = { group: Group; viewer: Viewer; viewerId: number; onClose: () => void };

/** The group as the form holds it. */
export function draftOf(group: Group): GroupDraft {
  return {
    name: group.name,
    description: group.description,
    visibility: group.visibility,
    themeId: group.theme_id,
    posterUrl: group.poster_url ?? '',
    tags: [...group.tags],
  };
}

/**
 * The owner's edit dialog: sends only the fields that changed (PRODUCT-SPEC §5); an emptied
 * name is ignored, and with nothing changed the dialog just closes.
 */
export function EditGroupDialog({ group, viewer, viewerId, onClose }: EditGroupDialogProps) {
  const t = useT();
  const failureText = useFailureText();
  const [original] = useState(() => draftOf(group));
  const [draft, setDraft] = useState<GroupDraft>(original);
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateGroup(group.id, (updated) => !viewerAfterUpdate(updated, viewerId, viewer).clearMemberData);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const changes = groupChanges(original, draft);
    if (!changes) {
      onClose();
      return;
    }
    setFailure(null);
    update.mutate(changes, {
      onSuccess: () => {
        showToast(t('groups.toast.updated'), 'success');
        onClose();
      },
      onError: (error) => setFailure(failureText(error, t('groups.toast.updateFailed'))),
    });
  }

  const formId = `edit-group-${group.id}`;
  return (
    <Dialog
      title={t('groups.edit.title')}
      onClose={onClose}
      size="wide"
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {t('groups.common.cancel')}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={update.isPending}>
            {update.isPending ? t('groups.edit.saving') : t('groups.edit.save')}
          </button>
        </>
      }
    >
      <form id={formId} className={formStyles.dialogForm} onSubmit={onSubmit} noValidate>
        <GroupFormFields draft={draft} onChange={setDraft} withPoster />
        {failure ? (
          <p className="notice notice-error" role="alert">
            {failure}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
