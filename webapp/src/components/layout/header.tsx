import { useState, type FormEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/dialog/confirm-dialog';
import { clearSession, useSession } from '@/lib/auth-storage';
import { UserMenu } from './user-menu';
import styles from './header.module.css';

const NAV_LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/schedule', label: 'Showtimes', end: false },
  { to: '/groups', label: 'Groups', end: false },
  { to: '/browse', label: 'Browse', end: false },
] as const;

/** The shared top bar: logo, movie search, main links and the account area. */
export function Header() {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // On /browse the box shows the page's search (also when /browse?q=… is opened directly).
  const urlQuery = pathname === '/browse' ? (new URLSearchParams(search).get('q') ?? '').trim() : null;
  const [query, setQuery] = useState(urlQuery ?? '');
  const [shownUrlQuery, setShownUrlQuery] = useState(urlQuery);
  if (urlQuery !== shownUrlQuery) {
    setShownUrlQuery(urlQuery);
    // Leaving /browse keeps what the box says; a new search on /browse replaces it.
    if (urlQuery !== null) setQuery(urlQuery);
  }
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
        <Link to="/" className={styles.logo} aria-label="Leffaseura home">
          <span className={styles.reel} aria-hidden="true" />
          Leffaseura
        </Link>

        <form role="search" className={styles.search} onSubmit={onSearch}>
          <label htmlFor="site-search" className="visually-hidden">
            Search movies
          </label>
          <input
            id="site-search"
            type="search"
            name="q"
            placeholder="Search movies…"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
          />
          <button type="submit" className={styles.searchButton}>
            Search
          </button>
        </form>

        <nav className={styles.nav} aria-label="Main">
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.active}` : styles.navLink)}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className={styles.account}>
          {session ? (
            <UserMenu userId={session.user?.id ?? null} username={session.user?.username ?? null} onLogout={() => setConfirmingLogout(true)} />
          ) : (
            <Link to="/login" className="btn btn-primary">
              Login / Sign In
            </Link>
          )}
        </div>
      </div>

      {confirmingLogout ? (
        <ConfirmDialog
          title="Logout"
          message="Are you sure you want to logout?"
          confirmLabel="Logout"
          onConfirm={logout}
          onCancel={() => setConfirmingLogout(false)}
        />
      ) : null}
    </header>
  );
}
