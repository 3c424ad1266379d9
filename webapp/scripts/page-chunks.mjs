// A Vite plugin for production builds (issue 14): the app's own code that pages loaded on
// demand share goes into one chunk, `shared`, instead of one small chunk per set of pages
// that use it. Left to itself the bundler cut the movie page's shared code into eleven files
// of 0.3 to 4 KB: over HTTP/1.1 a browser opens six connections to a host, so on a phone's
// 150 ms round trip the page's code came in four rounds (0.7 s) where its bytes alone take
// 0.15 s. One file costs the homepage 6 KB of gzip it does not use (its two lazy parts load
// it), and saves a first visit to a page about half a second (scripts/bench-webapp).
const APP_CODE = /[\\/]src[\\/]/;

/**
 * @param {string} entry the app's entry module (its absolute path)
 * @returns {import('vite').Plugin}
 */
export function pageChunks(entry) {
  /** What the entry imports statically, directly or not: index.html loads it in any case. */
  let initial = /** @type {Set<string> | null} */ (null);
  /** @param {import('rolldown').ChunkingContext} ctx */
  const initialModules = (ctx) => {
    if (initial) return initial;
    const seen = new Set();
    const stack = [entry];
    while (stack.length > 0) {
      const id = /** @type {string} */ (stack.pop());
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    if (seen.size < 2) throw new Error(`page-chunks: the entry ${entry} imports nothing (is the path right?)`);
    initial = seen;
    return seen;
  };
  return {
    name: 'leffaseura-page-chunks',
    apply: 'build',
    buildStart() {
      initial = null;
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
                    name: (id, ctx) => (APP_CODE.test(id) && !initialModules(ctx).has(id) ? 'shared' : null),
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
