import { Outlet, useLocation } from '@/lib/router';
import { Suspense, useEffect, useRef } from 'react';
import { Toaster } from '@/components/toast/toaster';
import { useT } from '@/lib/i18n';
import { Footer } from './footer';
import { PageErrorBoundary } from './page-error-boundary';
import { Header } from './header';
import { SessionNotice } from './session-notice';

/** Shown while a page's code loads: silent at first, so a quick load does not flash a text. */
function PageLoading() {
  const t = useT();
  return (
    <p role="status" className="page-loading">
      {t('common.loading')}
    </p>
  );
}

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
        {/* A page's code loads on its first visit (app/routes.tsx): the header stays usable meanwhile. */}
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
      <Toaster />
    </>
  );
}
