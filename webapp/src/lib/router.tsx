// The router the app uses: wouter (about 2 KB) under the few names and semantics of
// react-router the app was written against (react-router was about 10 KB brotli of every
// first load, issue 14). wouter does the matching and the navigation; this module only
// adapts: react-router's matching rules, `to` forms, NavLink, hash and search params.
import { parse } from 'regexparam';
import { createContext, forwardRef, useCallback, useContext, useMemo, type AnchorHTMLAttributes, type ReactNode } from 'react';
import {
  Link as WouterLink,
  matchRoute,
  Route,
  Router as WouterRouter,
  Switch,
  useLocation as useWouterLocation,
  useParams as useWouterParams,
  useRouter,
  type BaseLocationHook,
  type BaseSearchHook,
} from 'wouter';
import { useLocationProperty } from 'wouter/use-browser-location';

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // a malformed escape stays as it is, as react-router leaves it
  }
};

/**
 * wouter asks the parser again for every route it tries on every render (the routes' Switch,
 * each NavLink): a handful of patterns, each made into a RegExp once. No `g` flag, so `exec`
 * keeps no state between calls.
 */
type ParsedRoute = { keys: string[]; pattern: { exec: (path: string) => RegExpExecArray | null } };
const parsed = new Map<string, ParsedRoute>();

/**
 * react-router's matching on top of wouter's (regexparam: case-insensitive, one optional
 * trailing slash): any number of trailing slashes, and `:param`s decoded as URL components
 * (wouter has run the path through decodeURI already, which leaves `%2F`, `%40`… as they are).
 */
function parser(route: string, loose?: boolean): ParsedRoute {
  const cacheKey = `${loose ? 'loose' : 'exact'} ${route}`;
  const cached = parsed.get(cacheKey);
  if (cached) return cached;
  const { keys, pattern } = parse(route, loose);
  const exec = (path: string) => {
    const found = pattern.exec(path.replace(/\/+$/, '/'));
    found?.forEach((value, index) => {
      if (index > 0 && value !== undefined) found[index] = decode(value);
    });
    return found;
  };
  const made = { keys, pattern: { exec } };
  parsed.set(cacheKey, made);
  return made;
}

/** The route `pattern` (`/movie/:id`) matches `pathname` as the app's router does: its params, else null. */
export function matchPath(pattern: string, pathname: string): { params: Readonly<Record<string, string | undefined>> } | null {
  const [matches, params] = matchRoute(parser, pattern, pathname);
  return matches ? { params } : null;
}

/** Where the address comes from: the browser's (the default) or, in tests, memory (src/testing/memory-router.ts). */
export type LocationSource = { hook: BaseLocationHook; searchHook: BaseSearchHook; hashHook: () => string };

// wouter follows the path and the query only; the reviews' `#review-{id}` links need the hash.
const useBrowserHash = () => useLocationProperty(() => location.hash, () => '');
const HashHook = createContext<() => string>(useBrowserHash);

export function Router({ source, children }: { source?: LocationSource; children: ReactNode }) {
  return (
    <HashHook.Provider value={source?.hashHook ?? useBrowserHash}>
      <WouterRouter parser={parser} hook={source?.hook} searchHook={source?.searchHook}>
        {children}
      </WouterRouter>
    </HashHook.Provider>
  );
}

/** A route; within a list the first match wins (react-router ranked them: keep the specific ones first). */
export type RouteObject = { path?: string; element: ReactNode; children?: RouteObject[] };

const OutletContent = createContext<ReactNode>(null);

/** Where a layout route (one with `children`) shows the child route that matches. */
export function Outlet() {
  return <>{useContext(OutletContent)}</>;
}

/** The first of `routes` that matches the address, a route without a path matching every address. */
export function Routes({ routes }: { routes: RouteObject[] }) {
  return (
    <Switch>
      {routes.map(({ path, element, children }, index) => (
        <Route key={path ?? index} path={path}>
          {children ? <OutletContent.Provider value={<Routes routes={children} />}>{element}</OutletContent.Provider> : element}
        </Route>
      ))}
    </Switch>
  );
}

/** As react-router's `location`: the path and the query as in the address (`?…` or empty), and the hash. */
export function useLocation() {
  const router = useRouter();
  // The router's own hooks give the address as it is; wouter's useLocation/useSearch decode it once more.
  const [pathname] = router.hook(router);
  const query: string = router.searchHook(router);
  const hash = useContext(HashHook)();
  return { pathname, search: query && !query.startsWith('?') ? `?${query}` : query, hash };
}

type NavigateOptions = { replace?: boolean };

export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return useWouterLocation()[1];
}

export function useParams(): Readonly<Record<string, string | undefined>> {
  return useWouterParams();
}

type SearchInit = string | URLSearchParams | Record<string, string>;

/**
 * The query as URLSearchParams, and a setter that replaces it and keeps the path. It takes
 * `preventScrollReset` as react-router's did, where it did nothing either (the layout scrolls
 * to the top on a new path only).
 */
export function useSearchParams() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchInit | ((previous: URLSearchParams) => SearchInit), options?: NavigateOptions & { preventScrollReset?: boolean }) => {
      const query = new URLSearchParams(typeof next === 'function' ? next(params) : next).toString();
      navigate(query ? `${pathname}?${query}` : pathname, { replace: options?.replace });
    },
    [navigate, params, pathname],
  );
  return [params, setParams] as const;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path, a `#hash` of this page, or a new query (`{ search }`) for this path. */
  to: string | { search: string };
};

function hrefOf(to: LinkProps['to'], pathname: string): string {
  if (typeof to === 'string') return to.startsWith('#') ? pathname + to : to;
  const query = to.search.replace(/^\?/, '');
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * A real `<a href>`; a plain left click navigates in the app, a modified one is the browser's
 * (a new tab). As react-router: `onClick` runs on every click (wouter's Link skips it on
 * modified ones, so it runs here in the capture phase, before wouter's handler, which still
 * sees a `preventDefault`), and a link to where the user is replaces rather than adds an entry.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, onClick, ...props }, ref) {
  const { pathname, search, hash } = useLocation();
  const href = hrefOf(to, pathname);
  return <WouterLink ref={ref} {...props} href={href} replace={href === pathname + search + hash} onClickCapture={onClick} />;
});

type NavLinkProps = Omit<LinkProps, 'to' | 'className'> & {
  to: string;
  /** Active on `to` only; else also on the paths under it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
};

/** react-router's active rule: case-insensitive, `to` itself or (unless `end`) a path under it. */
function isActivePath(pathname: string, to: string, end: boolean): boolean {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  const slashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return here === target || (!end && here.startsWith(target) && here.charAt(slashAt) === '/');
}

/** A Link that knows whether it leads to the current page: `aria-current="page"`, and its class (`active` by default). */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ to, end = false, className, ...props }, ref) {
  const isActive = isActivePath(useLocation().pathname, to, end);
  const classes = typeof className === 'function' ? className({ isActive }) : [className, isActive ? 'active' : ''].filter(Boolean).join(' ');
  return <Link ref={ref} {...props} to={to} className={classes || undefined} aria-current={isActive ? 'page' : undefined} />;
});
