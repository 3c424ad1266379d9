import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from '@/lib/router';
import { FAVORITE, WATCHLIST } from '@/api/favorites';
import type { User } from '@/api/users';
import { FavoritesPreview } from '@/components/favorite-grid/favorites-preview';
import { useT, type MessageKey } from '@/lib/i18n';
import { ActivityTab } from './activity-tab';
import { FAVORITES_ON_TAB } from './profile-header';
import { OverviewTab } from './overview-tab';
import { ReviewsTab } from './reviews-tab';
import styles from './profile.module.css';

export type ProfileTab = 'profile' | 'activity' | 'reviews' | 'favorites' | 'watchlist';

const TAB_NAMES: Record<ProfileTab, MessageKey> = {
  profile: 'profile.tab.profile',
  activity: 'profile.tab.activity',
  reviews: 'profile.tab.reviews',
  favorites: 'profile.tab.favorites',
  watchlist: 'profile.tab.watchlist',
};

/** The tabs this viewer sees: Watchlist only on one's own profile (PRODUCT-SPEC §6). */
export function visibleTabs(isOwn: boolean): ProfileTab[] {
  const tabs: ProfileTab[] = ['profile', 'activity', 'reviews', 'favorites'];
  return isOwn ? [...tabs, 'watchlist'] : tabs;
}

type ProfileTabsProps = {
  user: User;
  isOwn: boolean;
  viewerId: number | null;
  /** The Profile tab's groups ("My groups"), composed in by the app. */
  renderGroups?: (user: User, isOwn: boolean) => ReactNode;
};

/**
 * An accessible tablist (arrow keys, Home and End move and select); the chosen tab lives in
 * the address (`?tab=reviews`) so it survives a reload and can be linked.
 */
export function ProfileTabs({ user, isOwn, viewerId, renderGroups }: ProfileTabsProps) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tabs = visibleTabs(isOwn);
  const asked = params.get('tab') as ProfileTab | null;
  const current: ProfileTab = asked && tabs.includes(asked) ? asked : 'profile';
  const refs = useRef(new Map<ProfileTab, HTMLButtonElement>());

  function select(tab: ProfileTab, focus = false) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (tab === 'profile') next.delete('tab');
        else next.set('tab', tab);
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

  const tabId = (tab: ProfileTab) => `profile-tab-${tab}`;
  const panelId = (tab: ProfileTab) => `profile-panel-${tab}`;

  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label={t('profile.tabs')} className={styles.tablist} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab}
            ref={(element) => {
              if (element) refs.current.set(tab, element);
              else refs.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={tab === current}
            aria-controls={panelId(tab)}
            tabIndex={tab === current ? 0 : -1}
            className={styles.tab}
            onClick={() => select(tab)}
          >
            {t(TAB_NAMES[tab])}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId(current)} aria-labelledby={tabId(current)} tabIndex={0} className={styles.panel}>
        {current === 'profile' ? (
          <OverviewTab
            user={user}
            isOwn={isOwn}
            viewerId={viewerId}
            groups={renderGroups?.(user, isOwn)}
            onShowReviews={() => select('reviews', true)}
          />
        ) : null}
        {current === 'activity' ? <ActivityTab user={user} isOwn={isOwn} /> : null}
        {current === 'reviews' ? <ReviewsTab user={user} isOwn={isOwn} viewerId={viewerId} /> : null}
        {current === 'favorites' ? (
          <section aria-labelledby="profile-favorites">
            <h2 id="profile-favorites" className={styles.panelTitle}>
              {t('profile.favorites.title')}
            </h2>
            <FavoritesPreview
              userId={user.id}
              type={FAVORITE}
              limit={FAVORITES_ON_TAB}
              label={t('profile.favorites.label', { username: user.username })}
              emptyText={isOwn ? t('profile.favorites.emptyOwn') : t('profile.favorites.empty', { username: user.username })}
              seeAllHref={`/favorites/${user.id}`}
              ownedByViewer={isOwn}
            />
          </section>
        ) : null}
        {current === 'watchlist' && isOwn ? (
          <section aria-labelledby="profile-watchlist">
            <h2 id="profile-watchlist" className={styles.panelTitle}>
              {t('profile.watchlist.title')}
            </h2>
            <FavoritesPreview
              userId={user.id}
              type={WATCHLIST}
              limit={FAVORITES_ON_TAB}
              label={t('profile.watchlist.label')}
              emptyText={t('profile.watchlist.empty')}
              seeAllHref="/watchlist"
              ownedByViewer
            />
          </section>
        ) : null}
      </div>
    </div>
  );
}
