import { Link } from 'react-router';
import { useSession } from '@/lib/auth-storage';
import { usePageTitle } from '@/lib/use-page-title';
import { useHomeSessionCache } from '../api/home-session-cache';
import { PopularMoviesCarousel } from './popular-movies-carousel';
import { RecentReviewsCarousel } from './recent-reviews-carousel';
import { UsersCarousel } from './users-carousel';
import styles from './home-page.module.css';

/** The homepage: a welcome and the carousels of PRODUCT-SPEC §2, each loading and failing on its own. */
export function HomePage() {
  usePageTitle('');
  useHomeSessionCache();
  const session = useSession();
  const name = session?.user?.username;
  return (
    <div className={styles.home}>
      <section className={styles.hero} aria-labelledby="home-title">
        {name ? (
          <p className={`${styles.kicker} ${styles.greeting}`}>Hi, {name}!</p>
        ) : (
          <p className={styles.kicker}>Movie fans in Finland</p>
        )}
        <h1 id="home-title">Find your next movie night</h1>
        <p className={styles.lead}>
          Browse films, read the community’s reviews and keep your favorites and watchlist in one place. Finnkino
          showtimes and movie groups are coming soon.
        </p>
        <div className={styles.cta}>
          <Link to="/browse" className="btn btn-primary">
            Browse movies
          </Link>
          {session ? (
            <Link to="/watchlist" className={`btn ${styles.ghost}`}>
              My watchlist
            </Link>
          ) : (
            <Link to="/signup" className={`btn ${styles.ghost}`}>
              Create a free account
            </Link>
          )}
        </div>
      </section>

      <PopularMoviesCarousel />
      <Upcoming title="Currently in Theaters">Movies now in Finnkino theatres arrive with showtimes.</Upcoming>
      <RecentReviewsCarousel />
      <Upcoming title="Most Popular Groups">The most popular movie groups arrive with groups.</Upcoming>
      <UsersCarousel board="review-count" />
      <UsersCarousel board="aura" />
    </div>
  );
}

/** A homepage carousel whose API does not exist yet: its title and one plain sentence. */
function Upcoming({ title, children }: { title: string; children: string }) {
  const id = `home-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section className={styles.upcoming} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p>{children}</p>
    </section>
  );
}
