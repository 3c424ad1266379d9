import { Link, useLocation } from 'react-router';
import { dismissSessionNotice, useSessionNotice } from '@/lib/auth-storage';
import styles from './session-notice.module.css';

/**
 * Tells the user their session ended (the server refused the token: expired, revoked,
 * deleted or banned account) and offers the login page; stays until dismissed or the
 * user logs in again.
 */
export function SessionNotice() {
  const message = useSessionNotice();
  const { pathname } = useLocation();
  if (!message) return null;
  return (
    <div className="container">
      <div className={styles.notice} role="alert">
        <p className={styles.text}>{message}</p>
        {pathname !== '/login' ? (
          <Link to="/login" className="btn btn-primary" onClick={dismissSessionNotice}>
            Log in
          </Link>
        ) : null}
        <button type="button" className={styles.dismiss} onClick={dismissSessionNotice} aria-label="Dismiss">
          ×
        </button>
      </div>
    </div>
  );
}
