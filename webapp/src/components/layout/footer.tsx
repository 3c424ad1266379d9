import { Link } from '@/lib/router';
import { LanguageSwitch } from '@/components/language-switch/language-switch';
import { useT } from '@/lib/i18n';
import styles from './footer.module.css';

/** The shared footer: the static pages, the language switch and the TMDB credit TMDB asks API users to show. */
export function Footer() {
  const t = useT();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.brand}>
          <strong>{t('app.name')}</strong>
          <p>{t('footer.tagline')}</p>
        </div>
        <div className={styles.side}>
          <nav aria-label={t('footer.nav')}>
            <ul className={styles.links}>
              <li>
                <Link to="/about">{t('footer.about')}</Link>
              </li>
              <li>
                <Link to="/faq">{t('footer.faq')}</Link>
              </li>
              <li>
                <Link to="/terms">{t('footer.terms')}</Link>
              </li>
              <li>
                <Link to="/contact">{t('footer.contact')}</Link>
              </li>
            </ul>
          </nav>
          <LanguageSwitch />
        </div>
        <p className={styles.credit}>{t('footer.credit')}</p>
      </div>
    </footer>
  );
}
