import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from '@/lib/router';
import { useGroup } from '@/api/groups/get-group';
import { useUserGroups } from '@/api/groups/get-user-groups';
import { groupActivityQuery } from '@/api/groups/group-activity';
import { groupFavoritesQuery } from '@/api/groups/group-favorites';
import type { Group } from '@/api/groups/types';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth-storage';
import { useGenreName, useT } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { groupGenres, joinTags, themeName } from '../lib/format';
import { readMembershipHint, writeMembershipHint } from '../lib/membership-hint';
import { deriveViewer, isMemberRole, viewerFromLookup, type Viewer } from '../lib/viewer';
import { ReportButton } from '@/components/report/report-button';
import { CopyGroupLink } from './copy-group-link';
import { GroupAbout } from './group-about';
import { GroupContent } from './group-content';
import { GroupFacts } from './group-facts';
import { GroupParties } from './group-parties';
import { GroupPoster } from './group-poster';
import { ManagementPanel, VisitorJoinPrompt } from './management-panel';
import { LockIcon } from './icons';
import styles from './groups.module.css';
import pageStyles from './group-page.module.css';

/** `/groups/:id`: the group's header, facts and about, the management panel, and its favorites and activity. */
export function GroupPage() {
  const t = useT();
  const { id: rawId } = useParams();
  const id = /^\d+$/.test(rawId ?? '') && Number(rawId) > 0 && Number(rawId) <= Number.MAX_SAFE_INTEGER ? Number(rawId) : null;
  const session = useSession();
  const viewerId = session?.user?.id ?? null;
  const query = useGroup(id);
  usePrefetchFromHint(id, viewerId);
  usePageTitle(query.data?.name ?? (query.isPending && id !== null ? t('groups.page.loading') : t('groups.page.notFound')));

  const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  if (id === null || missing) return <GroupNotFound />;
  if (query.isPending) {
    return (
      <p className={styles.state} role="status">
        {t('groups.page.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className={`card center-card ${pageStyles.failure}`} role="alert">
        <h1>{t('groups.page.failed')}</h1>
        <p className="muted">{t('groups.page.failedText')}</p>
        <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
          {t('groups.common.retry')}
        </button>
      </div>
    );
  }
  return <GroupDetails group={query.data} viewerId={viewerId} />;
}

function GroupNotFound() {
  const t = useT();
  return (
    <div className={`card center-card ${pageStyles.failure}`} role="alert">
      <h1>{t('groups.page.notFound')}</h1>
      <p className="muted">{t('groups.page.notFoundText')}</p>
      <Link to="/groups" className="btn btn-primary">
        {t('groups.page.browse')}
      </Link>
    </div>
  );
}

/**
 * A returning member (the 24-hour hint says so) gets the first page of favorites and activity
 * asked for alongside the group itself, instead of after it.
 */
function usePrefetchFromHint(id: number | null, viewerId: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (id === null || viewerId === null) return;
    const hint = readMembershipHint(id, viewerId);
    if (hint === null || !isMemberRole(hint)) return;
    void queryClient.prefetchQuery(groupFavoritesQuery(id, 1));
    void queryClient.prefetchQuery(groupActivityQuery(id, 1));
  }, [id, viewerId, queryClient]);
}

/** The viewer's standing: from the group record, else (when it says nothing) from the viewer's own groups. */
function useViewer(group: Group, viewerId: number | null): Viewer {
  const derived = deriveViewer(group, viewerId);
  const lookup = useUserGroups(viewerId, !derived.known);
  // A failed lookup leaves the viewer outside: the members-only data stays hidden (PRODUCT-SPEC §8).
  const viewer = derived.known ? derived : lookup.data ? viewerFromLookup(group.id, lookup.data.map((g) => g.id)) : derived;
  useEffect(() => {
    if (viewerId !== null && viewer.known) writeMembershipHint(group.id, viewerId, viewer.role);
  }, [group.id, viewerId, viewer.known, viewer.role]);
  return viewer;
}

function GroupDetails({ group, viewerId }: { group: Group; viewerId: number | null }) {
  const t = useT();
  const genreName = useGenreName();
  const viewer = useViewer(group, viewerId);
  const theme = themeName(group.theme_id) ?? 'none';
  const tags = joinTags(groupGenres(group).map(genreName));
  const pageUrl = `${window.location.origin}/groups/${group.id}`;

  return (
    <article className={`${pageStyles.group} ${styles[`theme-${theme}`] ?? ''}`} aria-labelledby="group-name" data-theme={theme}>
      <div className={pageStyles.hero}>
        <div className={pageStyles.heroPoster}>
          <GroupPoster
            name={group.name}
            posterUrl={group.poster_url}
            themeId={group.theme_id}
            alt={group.poster_url ? t('groups.page.posterAlt', { name: group.name }) : t('groups.page.noPoster', { name: group.name })}
            size="hero"
          />
        </div>
        <div className={pageStyles.heroMain}>
          <p className={pageStyles.kicker}>
            {group.visibility === 'private' ? <LockIcon /> : null}
            {t(group.visibility === 'private' ? 'groups.page.privateGroup' : 'groups.page.publicGroup')}
          </p>
          <h1 id="group-name" className={pageStyles.groupName}>
            {group.name}
          </h1>
          {tags ? <p className={pageStyles.tagLine}>{tags}</p> : null}
          <div className={pageStyles.heroActions}>
            <CopyGroupLink url={pageUrl} />
            {viewerId !== null && viewerId !== group.owner_id ? (
              <ReportButton targetType="group" targetId={group.id} title={t('reports.titleGroup', { name: group.name })} />
            ) : null}
          </div>
          <GroupAbout description={group.description} />
        </div>
        <GroupFacts group={group} />
      </div>

      {viewerId !== null ? <ManagementPanel group={group} viewer={viewer} viewerId={viewerId} /> : <VisitorJoinPrompt />}

      <GroupParties group={group} viewer={viewer} />

      <GroupContent group={group} viewer={viewer} viewerId={viewerId} />
    </article>
  );
}
