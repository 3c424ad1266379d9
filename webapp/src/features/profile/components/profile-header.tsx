import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { userFavoritesQueryOptions } from '@/components/favorite-grid/user-favorites-query';
import { FAVORITE } from '@/components/movie-actions/api/favorites-api';
import type { ProfileUser } from '../api/get-profile';
import { auraLabel, formatAverageRating, formatMemberSince, plural } from '../lib/format';
import styles from './profile.module.css';

/** How many favorites the Favorites tab shows; the stat reuses that same answer. */
export const FAVORITES_ON_TAB = 8;

/** Username, member since, bio and the four statistics. */
export function ProfileHeader({ user, isOwn }: { user: ProfileUser; isOwn: boolean }) {
  const since = formatMemberSince(user.created_at);
  const initial = Array.from(user.username)[0]?.toUpperCase() ?? '?';
  return (
    <header className={`card ${styles.header}`}>
      <div className={styles.identity}>
        <span className={styles.avatar} aria-hidden="true">
          {initial}
        </span>
        <div className={styles.who}>
          <h1 className={styles.name}>{user.username}</h1>
          {since ? <p className={styles.since}>Member since {since}</p> : null}
        </div>
        {isOwn ? (
          <Link to="/settings" className={`btn ${styles.edit}`}>
            Edit profile
          </Link>
        ) : null}
      </div>
      {user.user_bio ? (
        <p className={styles.bio}>{user.user_bio}</p>
      ) : (
        <p className={`${styles.bio} muted`}>{isOwn ? 'You have not written a bio yet.' : 'No bio yet.'}</p>
      )}
      <ProfileStats user={user} />
    </header>
  );
}

/** Favorites count, likes, average rating and aura (PRODUCT-SPEC §2). */
export function ProfileStats({ user }: { user: ProfileUser }) {
  const favorites = useQuery(userFavoritesQueryOptions(user.id, FAVORITE, FAVORITES_ON_TAB));
  const favoriteCount = favorites.data ? (favorites.data.pagination?.total ?? favorites.data.items.length) : null;
  const label = user.aura_label || auraLabel(user.aura);
  return (
    <dl className={styles.stats} aria-label="Statistics">
      <div className={styles.stat}>
        <dt>Favorites</dt>
        <dd>
          <span className={styles.value}>{favoriteCount ?? (favorites.isError ? '—' : '…')}</span>
        </dd>
      </div>
      <div className={styles.stat}>
        <dt>Likes</dt>
        <dd>
          <span className={styles.value}>{user.total_likes}</span>
          <span className={styles.sub}>{plural(user.total_dislikes, 'dislike')}</span>
        </dd>
      </div>
      <div className={styles.stat}>
        <dt>Average rating</dt>
        <dd>
          <span className={styles.value}>{formatAverageRating(user.average_rating, user.review_count)}</span>
          {user.review_count > 0 ? <span className={styles.sub}>from {plural(user.review_count, 'review')}</span> : null}
        </dd>
      </div>
      <div className={styles.stat}>
        <dt>Aura</dt>
        <dd>
          <span className={styles.value}>
            <span className="visually-hidden">Aura </span>
            {user.aura}
          </span>
          <span className={`${styles.aura} ${styles[`aura${label.replace(/\s/g, '')}`] ?? ''}`}>
            <span aria-hidden="true"> · </span>
            {label}
          </span>
        </dd>
      </div>
    </dl>
  );
}
