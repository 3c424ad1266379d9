import type { ReactNode } from 'react';
import { Link, useParams } from '@/lib/router';
import { useOwnProfile, useUser, type User } from '@/api/users';
import { LoginPrompt } from '@/components/login-prompt/login-prompt';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth-storage';
import { useT } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { ProfileHeader } from './profile-header';
import { ProfileTabs } from './profile-tabs';
import styles from './profile.module.css';

/** The Profile tab's groups ("My groups"), composed in by the app. */
export type RenderGroups = (user: User, isOwn: boolean) => ReactNode;

/**
 * `/profile` (the signed-in user's own; visitors are asked to log in) and
 * `/profile/:userId` (anyone's).
 */
export function ProfilePage({ renderGroups }: { renderGroups?: RenderGroups }) {
  const { userId } = useParams();
  if (userId === undefined) return <OwnProfile renderGroups={renderGroups} />;
  const id = /^\d+$/.test(userId) && Number(userId) > 0 ? Number(userId) : null;
  if (id === null) return <ProfileFailure notFound />;
  return <Profile key={id} userId={id} renderGroups={renderGroups} />;
}

function OwnProfile({ renderGroups }: { renderGroups?: RenderGroups }) {
  const session = useSession();
  const storedId = session?.user?.id ?? null;
  // A session stored without its user asks the server who it is.
  const t = useT();
  const own = useOwnProfile(session !== null && storedId === null);
  if (session === null) return <OwnProfileLogin title={t('profile.loginTitle')} message={t('profile.loginMessage')} />;
  const id = storedId ?? own.data?.id ?? null;
  if (id !== null) return <Profile key={id} userId={id} renderGroups={renderGroups} />;
  if (own.isError) return <ProfileFailure onRetry={() => void own.refetch()} />;
  return <ProfileLoading />;
}

function Profile({ userId, renderGroups }: { userId: number; renderGroups?: RenderGroups }) {
  const session = useSession();
  const isOwn = session?.user?.id === userId;
  const t = useT();
  const query = useUser(userId);
  usePageTitle(
    query.data
      ? isOwn
        ? t('profile.pageTitle.own')
        : t('profile.pageTitle.other', { username: query.data.username })
      : t('profile.pageTitle.loading'),
  );

  if (query.isPending) return <ProfileLoading />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return <ProfileFailure notFound={notFound} onRetry={() => void query.refetch()} />;
  }
  const user = query.data;
  return (
    <div className={styles.page}>
      <ProfileHeader user={user} isOwn={isOwn} canReport={session !== null && !isOwn} />
      <ProfileTabs user={user} isOwn={isOwn} viewerId={session?.user?.id ?? null} renderGroups={renderGroups} />
    </div>
  );
}

/** The login prompt of `/profile` for visitors, with a page title naming Leffaseura. */
function OwnProfileLogin({ title, message }: { title: string; message: string }) {
  usePageTitle(title);
  return <LoginPrompt title={title} message={message} />;
}

function ProfileLoading() {
  const t = useT();
  return (
    <p className={styles.state} role="status">
      {t('profile.loading')}
    </p>
  );
}

/** "Profile not found." (404) or "Error loading profile" (anything else), PRODUCT-SPEC §8. */
function ProfileFailure({ notFound = false, onRetry }: { notFound?: boolean; onRetry?: () => void }) {
  const t = useT();
  usePageTitle(notFound ? t('profile.notFound') : t('profile.error'));
  return (
    <section className={`card center-card ${styles.failure}`} role="alert">
      <h1>{notFound ? t('profile.notFound') : t('profile.error')}</h1>
      <p className="muted">{notFound ? t('profile.notFoundText') : t('profile.errorText')}</p>
      <div className={styles.failureActions}>
        {!notFound && onRetry ? (
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            {t('common.retry')}
          </button>
        ) : null}
        <Link to="/" className="btn">
          {t('profile.home')}
        </Link>
      </div>
    </section>
  );
}
