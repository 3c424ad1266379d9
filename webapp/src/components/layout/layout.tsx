import { Outlet, useLocation } from 'react-router';
import { useEffect, useRef } from 'react';
import { Toaster } from '@/components/toast/toaster';
import { useT } from '@/lib/i18n';
import { Footer } from './footer';
import { Header } from './header';
import { SessionNotice } from './session-notice';

/** Header, the page in a responsive container, footer. */
export function Layout() {
  const t = useT();
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    // On navigation, start at the top like a normal page load.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo?.({ top: 0 });
  }, [pathname]);

  return (
    <>
      <a href="#main" className="skip-link">
        {t('layout.skipToContent')}
      </a>
      <Header />
      <SessionNotice />
      <main id="main" tabIndex={-1} className="container page">
        <Outlet />
      </main>
      <Footer />
      <Toaster />
    </>
  );
}
