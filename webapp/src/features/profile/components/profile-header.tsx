import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { FAVORITE, userFavoritesQueryOptions } from '@/api/favorites';
import type { User } from '@/api/users';
import { SEPARATOR } from '@/components/icons/glyphs';
import { ReportButton } from '@/components/report/report-button';
import { auraLabelKey } from '@/lib/aura';
import { useFormat, useT } from '@/lib/i18n';
import styles from './profile.module.css';

/** How many favorites the Favorites tab shows; the stat reuses that same answer. */
export const FAVORITES_ON_TAB = 8;

/** Username, member since, bio and the four statistics. */
/** `canReport`: a signed-in visitor on someone else's profile. */
export function ProfileHeader({ user, isOwn, canReport = false }: { user: User; isOwn: boolean; canReport?: boolean }) {
  const t = useT();
  const format = useFormat();
  const since = user.created_at ? format.date(user.created_at) : null;
  const initial = Array.from(user.username)[0]?.toUpperCase() ?? '?';
  return (
    <header className={`card ${styles.header}`}>
      <div className={styles.identity}>
        <span className={styles.avatar} aria-hidden="true">
          {initial}
        </span>
        <div className={styles.who}>
          <h1 className={styles.name}>{user.username}</h1>
          {since ? <p className={styles.since}>{t('profile.memberSince', { date: since })}</p> : null}
        </div>
        {isOwn ? (
          <Link to="/settings" className={`btn ${styles.edit}`}>
            {t('profile.edit')}
          </Link>
        ) : canReport ? (
          <ReportButton targetType="user" targetId={user.id} title={t('reports.titleUser', { username: user.username })} className={`btn ${styles.edit}`} />
        ) : null}
      </div>
      {user.user_bio ? (
        <p className={styles.bio}>{user.user_bio}</p>
      ) : (
        <p className={`${styles.bio} muted`}>{isOwn ? t('profile.noBioOwn') : t('profile.noBio')}</p>
      )}
      <ProfileStats user={user} />
    </header>
  );
}

/** Favorites count, likes, average rating and aura (PRODUCT-SPEC §2). */
export function ProfileStats({ user }: { user: User }) {
  const favorites = useQuery(userFavoritesQueryOptions(user.id, FAVORITE, FAVORITES_ON_TAB));
  const favoriteCount = favorites.data ? (favorites.data.pagination?.total ?? favorites.data.items.length) : null;
  const t = useT();
  const format = useFormat();
  // The label is the server's (core decides it); the webapp only translates it.
  const labelKey = auraLabelKey(user.aura_label);
  const label = labelKey ? t(labelKey) : user.aura_label;
  const average =
    typeof user.average_rating === 'number' && Number.isFinite(user.average_rating) && user.review_count > 0
      ? format.decimal1(user.average_rating)
      : t('profile.stats.noReviews');
  return (
    <dl className={styles.stats} aria-label={t('profile.stats')}>
      <div className={styles.stat}>
        <dt>{t('profile.stats.favorites')}</dt>
        <dd>
          <span className={styles.value}>{favoriteCount ?? (favorites.isError ? t('common.notAvailable') : t('common.pending'))}</span>
        </dd>
      </div>
      <div className={styles.stat}>
        <dt>{t('profile.stats.likes')}</dt>
        <dd>
          <span className={styles.value}>{user.total_likes}</span>
          <span className={styles.sub}>{t('profile.stats.dislikes', { count: user.total_dislikes })}</span>
        </dd>
      </div>
      <div className={styles.stat}>
        <dt>{t('profile.stats.average')}</dt>
        <dd>
          <span className={styles.value}>{average}</span>
          {user.review_count > 0 ? <span className={styles.sub}>{t('profile.stats.fromReviews', { count: user.review_count })}</span> : null}
        </dd>
      </div>
      <div className={styles.stat}>
        <dt>{t('profile.stats.aura')}</dt>
        <dd>
          <span className={styles.value}>
            <span className="visually-hidden">{t('profile.stats.aura')} </span>
            {user.aura}
          </span>
          <span className={`${styles.aura} ${styles[`aura${user.aura_label.replace(/\s/g, '')}`] ?? ''}`}>
            <span aria-hidden="true">{SEPARATOR}</span>
            {label}
          </span>
        </dd>
      </div>
    </dl>
  );
}
