import { Link } from 'react-router';
import { useSession } from '@/lib/auth-storage';
import { usePageTitle } from '@/lib/use-page-title';
import styles from './home-page.module.css';

export function HomePage() {
  usePageTitle('');
  const session = useSession();
  const name = session?.user?.username;
  return (
    <div className={styles.home}>
      <section className={styles.hero} aria-labelledby="home-title">
        <p className={styles.kicker}>{name ? `Hi, ${name}!` : 'Movie fans in Finland'}</p>
        <h1 id="home-title">Find your next movie night</h1>
        <p className={styles.lead}>
          Check what is showing in Finnkino theatres, browse films, read the community’s reviews and gather your
          friends into movie groups.
        </p>
        <div className={styles.cta}>
          <Link to="/schedule" className="btn btn-primary">
            See showtimes
          </Link>
          {session ? (
            <Link to="/groups" className={`btn ${styles.ghost}`}>
              Explore groups
            </Link>
          ) : (
            <Link to="/signup" className={`btn ${styles.ghost}`}>
              Create a free account
            </Link>
          )}
        </div>
      </section>
      <p className={styles.soon}>Carousels of popular movies, recent reviews, groups and top users arrive soon.</p>
    </div>
  );
}
