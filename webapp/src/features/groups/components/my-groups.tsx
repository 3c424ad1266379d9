import { Link } from '@/lib/router';
import { useUserGroups } from '@/api/groups/get-user-groups';
import { useT } from '@/lib/i18n';
import { deriveViewer } from '../lib/viewer';
import { GroupCard } from './group-card';
import { ROLE_KEYS } from './text-keys';
import styles from './groups.module.css';

type MyGroupsProps = { userId: number; username: string; isOwn: boolean };

/** The profile's "My groups" (or another member's "Groups"): their groups, with their role. */
export function MyGroups({ userId, username, isOwn }: MyGroupsProps) {
  const t = useT();
  const query = useUserGroups(userId);
  return (
    <section aria-labelledby="profile-groups" className={styles.myGroups}>
      <h2 id="profile-groups" className={styles.myGroupsTitle}>
        {isOwn ? t('groups.mine.title') : t('groups.mine.otherTitle')}
      </h2>
      {query.isPending ? (
        <p className="muted" role="status">
          {t('groups.mine.loading')}
        </p>
      ) : query.isError ? (
        <p className={`muted ${styles.retryLine}`} role="alert">
          {t('groups.mine.error')}
          <button type="button" className={styles.linkButton} onClick={() => void query.refetch()}>
            {t('groups.common.retry')}
          </button>
        </p>
      ) : query.data.length === 0 ? (
        <p className="muted">
          {isOwn ? t('groups.mine.empty') : t('groups.mine.emptyOther', { name: username })}
          {isOwn ? <Link to="/groups">{t('groups.mine.browse')}</Link> : null}
        </p>
      ) : (
        <ul className={styles.smallGrid} aria-label={isOwn ? t('groups.mine.title') : t('groups.mine.listLabel', { name: username })}>
          {query.data.map((group) => {
            // The list is the user's own groups: the role shown is theirs.
            const role = deriveViewer({ ...group, members: null }, userId).role;
            return (
              <li key={group.id}>
                <GroupCard group={group} badge={role === 'none' ? undefined : t(ROLE_KEYS[role])} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
