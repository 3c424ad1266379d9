// A Vite plugin for production builds (issue 14): the app's own code that the pages loaded on
// demand share goes into one chunk, `shared`, instead of one small chunk per set of pages
// that use it. Left to itself the bundler cut the movie page's shared code into eleven files
// of 0.3 to 4 KB: over HTTP/1.1 a browser opens six connections to a host, so on a phone's
// 150 ms round trip the page's code came in four rounds (0.7 s) where its bytes alone take
// 0.15 s. One file costs the homepage 6 KB of gzip it does not use (its two lazy parts load
// it), and saves a first visit to a page about half a second (scripts/bench-webapp).
// A light page, one that uses under a tenth of that code (login, the static pages…), would
// download all of it for a module or two: what only light pages share is left to the
// bundler (a small chunk per set of pages), so they never load `shared` for it.
// Everything index.html loads in any case (the entry's static imports, libraries included) is
// one chunk, `app`, beside the entry's own small file: left to itself the bundler cut it into
// four files (the entry, Preact with the i18n layer, TanStack Query, its mutations). Over
// HTTP/1.1 those took four of the browser's six connections, so a page's own data and code
// waited for one to free: a cold /browse asked for its movies at 349 ms and got a connection
// at 568 (resource timing, throttled phone profile). One file also compresses 4 KB smaller.
// The homepage is a page loaded on demand like the others; what it shares with another page
// stays in `app` (see `decide`), what only it uses is its own chunk.
const APP_CODE = /[\\/]src[\\/]/;
const LIGHT_SHARE = 0.1;

/**
 * @param {string} entry the app's entry module (its absolute path)
 * @param {string} homePage the homepage's module, loaded on demand as every page (its path)
 * @returns {import('vite').Plugin}
 */
export function pageChunks(entry, homePage) {
  /** The shared modules that go into `shared`, decided once per build. */
  let inShared = /** @type {Set<string> | null} */ (null);
  /** The modules index.html loads in any case, decided with `inShared`. */
  let initialModules = /** @type {Set<string>} */ (new Set());

  /** @param {import('rolldown').ChunkingContext} ctx */
  const decide = (ctx) => {
    if (inShared) return inShared;
    /** Modules `from` imports statically, directly or not, outside `stop`. */
    const reach = (/** @type {string} */ from, /** @type {Set<string>} */ stop) => {
      const seen = new Set();
      const stack = [from];
      while (stack.length > 0) {
        const id = /** @type {string} */ (stack.pop());
        if (seen.has(id) || stop.has(id)) continue;
        seen.add(id);
        stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
      }
      return seen;
    };
    // What index.html loads in any case: the entry and everything it imports statically.
    const entryReach = reach(entry, new Set());
    if (entryReach.size < 2) throw new Error(`page-chunks: the entry ${entry} imports nothing (is the path right?)`);
    const lazyOf = (/** @type {string} */ id) => ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? [];
    const routes = new Set([...entryReach].flatMap(lazyOf));
    if (!routes.has(homePage)) throw new Error(`page-chunks: the entry does not load ${homePage} on demand (is the path right?)`);
    // The homepage is a page loaded on demand, but what it shares with any other page goes
    // with the entry, as when the homepage was part of it: the tiles, the review and movie
    // actions… are most pages' first load, and their own chunks stay as they were. What only
    // the homepage uses (its carousels, hero, parties) is no longer every other page's.
    const others = new Set([...routes].filter((route) => route !== homePage).flatMap((route) => [...reach(route, entryReach)]));
    const initial = new Set([...entryReach, ...[...reach(homePage, entryReach)].filter((id) => id !== homePage && others.has(id))]);
    initialModules = initial;
    // The pages: every module loaded with import() (routes, lazy parts of the homepage).
    const pages = new Set();
    for (const id of initial) for (const lazy of lazyOf(id)) pages.add(lazy);
    for (const page of [...pages]) for (const id of reach(page, initial)) for (const lazy of lazyOf(id)) pages.add(lazy);
    /** Each app module outside the entry: the pages that use it. @type {Map<string, string[]>} */
    const usedBy = new Map();
    for (const page of pages) {
      for (const id of reach(page, initial)) if (APP_CODE.test(id)) usedBy.set(id, [...(usedBy.get(id) ?? []), page]);
    }
    const shared = [...usedBy].filter(([, users]) => users.length >= 2).map(([id]) => id);
    const size = (/** @type {string} */ id) => ctx.getModuleInfo(id)?.code?.length ?? 0;
    const total = shared.reduce((sum, id) => sum + size(id), 0);
    /** The bytes of shared code each page uses. @type {Map<string, number>} */
    const usage = new Map();
    for (const id of shared) for (const page of usedBy.get(id) ?? []) usage.set(page, (usage.get(page) ?? 0) + size(id));
    const heavy = new Set([...usage].filter(([, bytes]) => bytes >= LIGHT_SHARE * total).map(([page]) => page));
    inShared = new Set(shared.filter((id) => (usedBy.get(id) ?? []).some((page) => heavy.has(page))));
    return inShared;
  };

  return {
    name: 'leffaseura-page-chunks',
    apply: 'build',
    buildStart() {
      inShared = null;
      initialModules = new Set();
    },
    config() {
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                // The group's dependencies are not pulled in after it: they are the entry's
                // modules and libraries, which stay where they are.
                includeDependenciesRecursively: false,
                groups: [
                  {
                    // The entry module itself stays the entry chunk (index.html's script).
                    name: (id, ctx) => (decide(ctx) && id !== entry && initialModules.has(id) ? 'app' : null),
                    priority: 2,
                  },
                  {
                    name: (id, ctx) => (APP_CODE.test(id) && decide(ctx).has(id) ? 'shared' : null),
                    // A module one page alone uses stays in that page's chunk.
                    minShareCount: 2,
                  },
                ],
              },
            },
          },
        },
      };
    },
  };
}
