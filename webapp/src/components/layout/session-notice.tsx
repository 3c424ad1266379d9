import { Link, useLocation } from '@/lib/router';
import { dismissSessionNotice, useSessionNotice } from '@/lib/auth-storage';
import { useErrorText, useT } from '@/lib/i18n';
import { CloseIcon } from '@/components/icons/close-icon';
import styles from './session-notice.module.css';

/**
 * Tells the user their session ended (the server refused the token: expired, revoked,
 * deleted or banned account) and offers the login page; stays until dismissed or the
 * user logs in again.
 */
export function SessionNotice() {
  const t = useT();
  const errorText = useErrorText();
  const reason = useSessionNotice();
  const { pathname } = useLocation();
  if (!reason) return null;
  const message = reason.code ? errorText(reason) : t('session.ended');
  return (
    <div className="container">
      <div className={styles.notice} role="alert">
        <p className={styles.text}>{message}</p>
        {pathname !== '/login' ? (
          <Link to="/login" className="btn btn-primary" onClick={dismissSessionNotice}>
            {t('session.login')}
          </Link>
        ) : null}
        <button type="button" className={styles.dismiss} onClick={dismissSessionNotice} aria-label={t('session.dismiss')}>
          <CloseIcon />
        </button>
      </div>
    </div>
  );
}
