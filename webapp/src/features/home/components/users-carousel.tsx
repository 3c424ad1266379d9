import { Link } from '@/lib/router';
import type { Leaderboard } from '@/api/reviews';
import type { User as RankedUser } from '@/api/users';
import { Carousel, carouselItemClass } from '@/components/carousel/carousel';
import { truncate } from '@/components/review/format';
import { auraLabelKey } from '@/lib/aura';
import { useFormat, useT, type MessageKey } from '@/lib/i18n';
import { useLeaderboard } from '../lib/home-queries';
import { CarouselError } from './carousel-status';
import styles from './home-page.module.css';

/** Usernames on cards are cut at 16 characters (PRODUCT-SPEC §9); the full name is the tooltip. */
export const USERNAME_LIMIT = 16;

export function shortUsername(username: string): string {
  return truncate(username, USERNAME_LIMIT);
}

const BOARDS: Record<Leaderboard, { heading: MessageKey; loading: MessageKey; error: MessageKey }> = {
  'review-count': { heading: 'home.activeUsers.title', loading: 'home.activeUsers.loading', error: 'home.activeUsers.error' },
  aura: { heading: 'home.popularUsers.title', loading: 'home.popularUsers.loading', error: 'home.popularUsers.error' },
};

/** Most Active Users (by review count) or Popular Users (by aura), 20 cards linking to profiles. */
export function UsersCarousel({ board }: { board: Leaderboard }) {
  const t = useT();
  const query = useLeaderboard(board);
  const users = query.data ?? [];
  const keys = BOARDS[board];
  const title = t(keys.heading);

  let status = null;
  if (query.isPending) status = <p>{t(keys.loading)}</p>;
  else if (query.isError) status = <CarouselError message={t(keys.error)} onRetry={() => void query.refetch()} />;
  else if (users.length === 0) status = <p>{t('home.users.empty')}</p>;

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
  const t = useT();
  const format = useFormat();
  const auraKey = auraLabelKey(user.aura_label);
  const long = user.username.length > USERNAME_LIMIT;
  const reviews = t('home.users.reviews', { count: user.review_count });
  const aura = `${user.aura > 0 ? '+' : ''}${user.aura}`;
  return (
    <article className={styles.userCard} data-testid="user-card">
      <Link to={`/profile/${user.id}`} className={styles.userLink} title={long ? user.username : undefined}>
        <span className={styles.avatar} aria-hidden="true">
          {initial(user.username)}
        </span>
        <span className={styles.userName}>{shortUsername(user.username)}</span>
        {board === 'aura' ? (
          <>
            <span className={styles.userStat}>{t('home.users.aura', { aura })}</span>
            <span className={styles.userMeta}>{auraKey ? t(auraKey) : user.aura_label}</span>
          </>
        ) : (
          <>
            <span className={styles.userStat}>{reviews}</span>
            {user.average_rating !== null ? (
              <span className={styles.userMeta}>{t('home.users.average', { rating: format.decimal1(user.average_rating) })}</span>
            ) : null}
          </>
        )}
      </Link>
    </article>
  );
}

/** The avatar's letter: the username's first character ("?" for none). */
function initial(username: string): string {
  return Array.from(username)[0]?.toUpperCase() ?? '?';
}
