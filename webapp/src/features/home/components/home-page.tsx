import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import { useSession } from '@/lib/auth-storage';
import { useT } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { useHomeSessionCache } from '../lib/home-session-cache';
import { InTheatersCarousel } from './in-theaters-carousel';
import { MyParties } from './my-parties';
import { PopularMoviesCarousel } from './popular-movies-carousel';
import { RecentReviewsCarousel } from './recent-reviews-carousel';
import { UsersCarousel } from './users-carousel';
import styles from './home-page.module.css';

/** The homepage: a welcome and the carousels of PRODUCT-SPEC §2, each loading and failing on its own. */
export function HomePage({ watchlistShowtimes, popularGroups }: { watchlistShowtimes?: ReactNode; popularGroups?: ReactNode } = {}) {
  const t = useT();
  // No page title of its own: the tab shows the product's name alone.
  const noTitle = '';
  usePageTitle(noTitle);
  useHomeSessionCache();
  const session = useSession();
  const name = session?.user?.username;
  return (
    <div className={styles.home}>
      <section className={styles.hero} aria-labelledby="home-title">
        {name ? (
          <p className={`${styles.kicker} ${styles.greeting}`}>{t('home.greeting', { name })}</p>
        ) : (
          <p className={styles.kicker}>{t('home.kicker')}</p>
        )}
        <h1 id="home-title">{t('home.title')}</h1>
        <p className={styles.lead}>{t('home.lead')}</p>
        <div className={styles.cta}>
          <Link to="/browse" className="btn btn-primary">
            {t('home.browse')}
          </Link>
          {session ? (
            <Link to="/watchlist" className={`btn ${styles.ghost}`}>
              {t('home.myWatchlist')}
            </Link>
          ) : (
            <Link to="/signup" className={`btn ${styles.ghost}`}>
              {t('home.signup')}
            </Link>
          )}
        </div>
      </section>

      <MyParties />
      {watchlistShowtimes}
      <PopularMoviesCarousel />
      <InTheatersCarousel />
      <RecentReviewsCarousel />
      {/* Most Popular Groups: composed in by the app (features don't import each other). */}
      {popularGroups}
      <UsersCarousel board="review-count" />
      <UsersCarousel board="aura" />
    </div>
  );
}
