import { Link } from 'react-router';
import styles from './footer.module.css';

/** The shared footer: the static pages and the TMDB credit TMDB asks API users to show. */
export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.brand}>
          <strong>Leffaseura</strong>
          <p>Movies, showtimes and movie groups for film fans in Finland.</p>
        </div>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <Link to="/faq">FAQ</Link>
            </li>
            <li>
              <Link to="/terms">Terms</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
          </ul>
        </nav>
        <p className={styles.credit}>
          Movie data and images come from TMDB; showtimes from Finnkino. This product uses the TMDB API but is not
          endorsed or certified by TMDB.
        </p>
      </div>
    </footer>
  );
}
