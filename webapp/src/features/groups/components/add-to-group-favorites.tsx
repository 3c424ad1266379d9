import { useId, useState, type FormEvent } from 'react';
import { useUserGroups } from '@/api/groups/get-user-groups';
import { useAddGroupFavorite, type MovieToAdd } from '@/api/groups/group-favorites';
import { showToast } from '@/components/toast/toast-store';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth-storage';
import { useT } from '@/lib/i18n';
import { deriveViewer, isManagerRole } from '../lib/viewer';
import styles from './groups.module.css';

/**
 * The Movie page's group selector with "Add to Group Favorites": only the groups where the
 * signed-in user is owner or moderator (PRODUCT-SPEC §2, §6). Nothing for visitors, nor for
 * users who run no group.
 */
export function AddToGroupFavorites({ movie }: { movie: MovieToAdd }) {
  const session = useSession();
  const viewerId = session?.user?.id ?? null;
  const groups = useUserGroups(viewerId);
  if (viewerId === null || !groups.data) return null;
  const managed = groups.data.filter((group) => isManagerRole(deriveViewer(group, viewerId).role));
  if (managed.length === 0) return null;
  return <GroupSelector movie={movie} groups={managed} />;
}

function GroupSelector({ movie, groups }: { movie: MovieToAdd; groups: { id: number; name: string }[] }) {
  const t = useT();
  const id = useId();
  const add = useAddGroupFavorite();
  const [groupId, setGroupId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const group = groups.find((g) => String(g.id) === groupId);
    if (!group) {
      setProblem(t('groups.addFavorite.selectFirst'));
      return;
    }
    setProblem(null);
    add.mutate(
      { groupId: group.id, movie },
      {
        onSuccess: (added) => showToast(t(added ? 'groups.addFavorite.added' : 'groups.addFavorite.already', { group: group.name }), 'success'),
        onError: (error) =>
          setProblem(
            error instanceof ApiError && error.status === 403 ? t('groups.addFavorite.forbidden') : t('groups.addFavorite.failed'),
          ),
      },
    );
  }

  return (
    <form className={styles.addFavorite} onSubmit={onSubmit} aria-label={t('groups.addFavorite.formLabel')}>
      <label htmlFor={`${id}-group`} className={styles.addLabel}>
        {t('groups.addFavorite.label')}
      </label>
      <div className={styles.addRow}>
        <select
          id={`${id}-group`}
          value={groupId}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => {
            setGroupId(event.target.value);
            setProblem(null);
          }}
        >
          <option value="">{t('groups.addFavorite.placeholder')}</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </select>
        <button type="submit" className="btn" disabled={add.isPending}>
          {t('groups.addFavorite.button')}
        </button>
      </div>
      {problem ? (
        <p id={`${id}-problem`} className={styles.addProblem} role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
