import { lazy, type ComponentType } from 'react';
import { matchPath, type RouteObject } from '@/lib/router';
import { ComingSoon, type ComingSoonPage } from '@/components/coming-soon';
import { Layout } from '@/components/layout/layout';
import { getLanguage, loadPageTexts } from '@/lib/i18n';
import { NotFoundPage } from './not-found-page';

/** The loaders of the pages loaded on demand, by route path (see `preloadPage`). */
const loaders: { path: string; load: () => Promise<unknown> }[] = [];

/**
 * A page whose code is a chunk of its own, fetched when it is first shown (issue 14: the
 * homepage's first load carries no other page), with its texts (a production build's come in
 * parts, lib/i18n/messages). The layout's Suspense shows while they load; once they are here
 * (`preloadPage` before the first render) the page renders at once, without a round through
 * the Suspense fallback.
 */
function page<Module>(paths: string[], load: () => Promise<Module>, pick: (module: Module) => ComponentType): RouteObject[] {
  let Loaded: ComponentType | null = null;
  const loadAndKeep = () =>
    Promise.all([load(), loadPageTexts(paths[0] ?? '', getLanguage())]).then(([module]) => {
      Loaded = pick(module);
      return { default: Loaded };
    });
  const Lazy = lazy(loadAndKeep);
  const Page = () => (Loaded ? <Loaded /> : <Lazy />);
  for (const path of paths) loaders.push({ path, load: loadAndKeep });
  return paths.map((path) => ({ path, element: <Page /> }));
}

/**
 * Starts fetching the code of the page at `pathname` (a first visit straight to /browse),
 * in parallel with the texts, instead of after the first render. The import is the same
 * module the page's `lazy` asks for later, so it is fetched once. Resolves when the code is
 * here, or failed to come (the page's own lazy import fails the same way when it renders,
 * and the layout's error boundary offers a reload).
 */
export function preloadPage(pathname: string): Promise<void> {
  const found = loaders.find(({ path }) => matchPath(path, pathname));
  return found ? found.load().then(
    () => undefined,
    () => undefined,
  ) : Promise.resolve();
}

/** Pages whose feature is not built yet: each says so in one sentence (comingSoon.<page>.title/message). */
const soon = (name: ComingSoonPage) => <ComingSoon titleKey={`comingSoon.${name}.title`} messageKey={`comingSoon.${name}.message`} />;

/**
 * Every route of PRODUCT-SPEC §2. Every page is loaded on demand, the homepage too: what only
 * it uses is not in every page's first load (issue 14, scripts/page-chunks.mjs).
 * The first match wins (lib/router.tsx): /groups/create before /groups/:id, the catch-all last.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...page(['/', '/homepage'], () => import('./pages/home-route'), (m) => m.default),
      ...page(['/login'], () => import('@/features/auth/components/login-page'), (m) => m.LoginPage),
      ...page(['/signup'], () => import('@/features/auth/components/signup-page'), (m) => m.SignupPage),
      ...page(['/settings'], () => import('@/features/settings/components/settings-page'), (m) => m.SettingsPage),
      ...page(['/profile', '/profile/:userId'], () => import('./pages/profile-route'), (m) => m.default),
      ...page(['/favorites/:userId'], () => import('@/features/favorites/components/favorites-page'), (m) => m.FavoritesPage),
      ...page(['/watchlist', '/watchlist/:userId'], () => import('./pages/watchlist-route'), (m) => m.default),
      ...page(['/browse'], () => import('./pages/browse-route'), (m) => m.default),
      ...page(['/groups'], () => import('@/features/groups/components/browse-groups-page'), (m) => m.BrowseGroupsPage),
      ...page(['/groups/create'], () => import('@/features/groups/components/create-group-page'), (m) => m.CreateGroupPage),
      ...page(['/groups/:id'], () => import('@/features/groups/components/group-page'), (m) => m.GroupPage),
      ...page(['/movie/:id'], () => import('./pages/movie-route'), (m) => m.default),
      ...page(['/schedule'], () => import('@/features/showtimes/components/showtimes-page'), (m) => m.ShowtimesPage),
      { path: '/search', element: soon('search') },
      { path: '/reviews', element: soon('reviews') },
      ...page(['/about'], () => import('@/features/static-pages/components/about-page'), (m) => m.AboutPage),
      ...page(['/faq'], () => import('@/features/static-pages/components/faq-page'), (m) => m.FaqPage),
      ...page(['/contact'], () => import('@/features/static-pages/components/contact-page'), (m) => m.ContactPage),
      ...page(['/terms'], () => import('@/features/static-pages/components/terms-page'), (m) => m.TermsPage),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
