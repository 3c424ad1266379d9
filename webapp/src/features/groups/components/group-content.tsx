import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from '@/lib/router';
import type { Group } from '@/api/groups/types';
import { useT } from '@/lib/i18n';
import { panelCapabilities } from '../lib/capabilities';
import type { Viewer } from '../lib/viewer';
import { GroupActivity } from './group-activity';
import { GroupFavorites } from './group-favorites';
import { ModlogList } from './modlog-list';
import { LockIcon } from './icons';
import pageStyles from './group-page.module.css';

type Tab = 'favorites' | 'activity' | 'log';

type GroupContentProps = { group: Group; viewer: Viewer; viewerId: number | null };

/**
 * Members see the group favorites and the activity (and the owner and moderators the
 * moderation log) as tabs kept in the address (`?tab=activity`); everybody else the
 * members-only notice (PRODUCT-SPEC §2).
 */
export function GroupContent({ group, viewer, viewerId }: GroupContentProps) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const refs = useRef(new Map<Tab, HTMLButtonElement>());
  const can = panelCapabilities(viewer.role, group.visibility, viewerId !== null);

  if (!viewer.isMember) {
    return (
      <p className={`notice notice-info ${pageStyles.membersOnly}`} data-testid="members-only">
        <LockIcon />
        {t('groups.content.membersOnly')}
      </p>
    );
  }

  const tabs: Tab[] = can.readModlog ? ['favorites', 'activity', 'log'] : ['favorites', 'activity'];
  const asked = params.get('tab') as Tab | null;
  const current: Tab = asked && tabs.includes(asked) ? asked : 'favorites';
  const names: Record<Tab, string> = {
    favorites: t('groups.favorites.title'),
    activity: t('groups.activity.title'),
    log: t('groups.modlog.title'),
  };

  function select(tab: Tab, focus = false) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (tab === 'favorites') next.delete('tab');
        else next.set('tab', tab);
        next.delete('page');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    if (focus) refs.current.get(tab)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.indexOf(current);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = tabs[target];
    if (tab) select(tab, true);
  }

  return (
    <div className={pageStyles.content}>
      <div role="tablist" aria-label={t('groups.content.tabs')} className={pageStyles.tablist} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab}
            ref={(element) => {
              if (element) refs.current.set(tab, element);
              else refs.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={`group-tab-${tab}`}
            aria-selected={tab === current}
            aria-controls={`group-panel-${tab}`}
            tabIndex={tab === current ? 0 : -1}
            className={pageStyles.tab}
            onClick={() => select(tab)}
          >
            {names[tab]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`group-panel-${current}`} aria-labelledby={`group-tab-${current}`} className={pageStyles.tabPanel}>
        {current === 'favorites' ? <GroupFavorites group={group} canManage={can.manageFavorites} /> : null}
        {current === 'activity' ? <GroupActivity group={group} viewerId={viewerId} /> : null}
        {current === 'log' ? <ModlogList groupId={group.id} /> : null}
      </div>
    </div>
  );
}
