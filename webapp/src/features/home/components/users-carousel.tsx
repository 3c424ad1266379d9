import { Link } from 'react-router';
import { Carousel, carouselItemClass } from '@/components/carousel/carousel';
import { truncate } from '@/components/review/format';
import { useLeaderboard, type Leaderboard, type RankedUser } from '../api/home-data';
import { CarouselError } from './carousel-status';
import styles from './home-page.module.css';

/** Usernames on cards are cut at 16 characters (PRODUCT-SPEC §9); the full name is the tooltip. */
export const USERNAME_LIMIT = 16;

export function shortUsername(username: string): string {
  return truncate(username, USERNAME_LIMIT);
}

const BOARDS: Record<Leaderboard, { title: string; what: string }> = {
  'review-count': { title: 'Most Active Users', what: 'active users' },
  aura: { title: 'Popular Users', what: 'popular users' },
};

/** Most Active Users (by review count) or Popular Users (by aura), 20 cards linking to profiles. */
export function UsersCarousel({ board }: { board: Leaderboard }) {
  const query = useLeaderboard(board);
  const users = query.data ?? [];
  const { title, what } = BOARDS[board];

  let status = null;
  if (query.isPending) status = <p>Loading {what}…</p>;
  else if (query.isError) status = <CarouselError message={`Could not load ${what}.`} onRetry={() => void query.refetch()} />;
  else if (users.length === 0) status = <p>No reviewers yet. Write a review to get on this list!</p>;

  return (
    <Carousel title={title} status={status} itemCount={users.length}>
      {users.map((user) => (
        <li key={user.id} className={carouselItemClass}>
          <UserCard user={user} board={board} />
        </li>
      ))}
    </Carousel>
  );
}

function UserCard({ user, board }: { user: RankedUser; board: Leaderboard }) {
  const long = user.username.length > USERNAME_LIMIT;
  const reviews = `${user.review_count} ${user.review_count === 1 ? 'review' : 'reviews'}`;
  const aura = `${user.aura > 0 ? '+' : ''}${user.aura}`;
  return (
    <article className={styles.userCard} data-testid="user-card">
      <Link to={`/profile/${user.id}`} className={styles.userLink} title={long ? user.username : undefined}>
        <span className={styles.avatar} aria-hidden="true">
          {Array.from(user.username)[0]?.toUpperCase() ?? '?'}
        </span>
        <span className={styles.userName}>{shortUsername(user.username)}</span>
        {board === 'aura' ? (
          <>
            <span className={styles.userStat}>Aura {aura}</span>
            <span className={styles.userMeta}>{user.aura_label}</span>
          </>
        ) : (
          <>
            <span className={styles.userStat}>{reviews}</span>
            {user.average_rating !== null ? (
              <span className={styles.userMeta}>Average ★ {user.average_rating.toFixed(1)}</span>
            ) : null}
          </>
        )}
      </Link>
    </article>
  );
}
