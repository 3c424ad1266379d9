import { Link } from '@/lib/router';
import { FormattedMessage, useT } from '@/lib/i18n';
import styles from './auth.module.css';

/**
 * What /login and /signup show someone who is logged in already (issue 11 §4): the form
 * again would suggest the session had ended.
 */
export function AlreadyLoggedIn({ username }: { username: string | null }) {
  const t = useT();
  return (
    <div className={styles.wrap}>
      <section className={`card ${styles.card}`} aria-labelledby="already-title">
        <h1 id="already-title">{t('auth.already.title')}</h1>
        <p className="muted">
          {username ? (
            <FormattedMessage id="auth.already.text" values={{ username, strong: (chunks) => <strong>{chunks}</strong> }} />
          ) : (
            t('auth.already.textNoName')
          )}
        </p>
        <div className={styles.form}>
          <Link to="/" className="btn btn-primary">
            {t('auth.already.home')}
          </Link>
          <Link to="/profile" className="btn">
            {t('auth.already.profile')}
          </Link>
        </div>
      </section>
    </div>
  );
}
