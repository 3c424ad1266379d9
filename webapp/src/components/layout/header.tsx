import { useState, type FormEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from '@/lib/router';
import { ConfirmDialog } from '@/components/dialog/confirm-dialog';
import { LanguageSwitch } from '@/components/language-switch/language-switch';
import { clearSession, useSession } from '@/lib/auth-storage';
import { useT } from '@/lib/i18n';
import { useFollowedText } from '@/lib/use-followed-text';
import { SearchField } from '@/components/search-field/search-field';
import { UserMenu } from './user-menu';
import styles from './header.module.css';

const NAV_LINKS = [
  { to: '/', labelKey: 'nav.home', end: true },
  { to: '/schedule', labelKey: 'nav.showtimes', end: false },
  { to: '/groups', labelKey: 'nav.groups', end: false },
  { to: '/browse', labelKey: 'nav.browse', end: false },
] as const;

/** The shared top bar: logo, movie search, main links and the account area. */
export function Header() {
  const t = useT();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // On /browse the box shows the page's search (also when /browse?q=… is opened directly).
  const urlQuery = pathname === '/browse' ? (new URLSearchParams(search).get('q') ?? '').trim() : null;
  // The box follows /browse's search, and empties when the user leaves Browse (a stale
  // query on every other page reads as if it still applied there).
  const [query, setQuery] = useFollowedText(urlQuery);
  const [confirmingLogout, setConfirmingLogout] = useState(false);

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = query.trim();
    if (!q) return; // a blank search goes nowhere (PRODUCT-SPEC §2)
    navigate(`/browse?q=${encodeURIComponent(q)}`);
  }

  function logout() {
    setConfirmingLogout(false);
    navigate('/');
    clearSession();
  }

  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <Link to="/" className={styles.logo} aria-label={t('header.logoLabel')}>
          <span className={styles.reel} aria-hidden="true" />
          {t('app.name')}
        </Link>

        <form role="search" className={styles.search} onSubmit={onSearch}>
          <SearchField
            id="site-search"
            name="q"
            label={t('header.search.label')}
            placeholder={t('header.search.placeholder')}
            value={query}
            onChange={setQuery}
          />
          <button type="submit" className={styles.searchButton}>
            {t('header.search.submit')}
          </button>
        </form>

        <nav className={styles.nav} aria-label={t('nav.main')}>
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.active}` : styles.navLink)}
                >
                  {t(link.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className={styles.account}>
          <LanguageSwitch compact />
          {session ? (
            <UserMenu userId={session.user?.id ?? null} username={session.user?.username ?? null} onLogout={() => setConfirmingLogout(true)} />
          ) : (
            <Link to="/login" className="btn btn-primary">
              {t('header.login')}
            </Link>
          )}
        </div>
      </div>

      {confirmingLogout ? (
        <ConfirmDialog
          title={t('header.logout.title')}
          message={t('header.logout.question')}
          confirmLabel={t('header.logout.confirm')}
          onConfirm={logout}
          onCancel={() => setConfirmingLogout(false)}
        />
      ) : null}
    </header>
  );
}
