// Part of scripts/route-preloads.mjs (issue 14): a page opened directly downloads the texts
// its code can show, not the whole catalogue. Every language's texts are split into
//  - `core`: what the code every page loads can show (the layout, the homepage and its lazy
//    parts), and every text whose key the code builds at run time in there (`errors.${code}`,
//    `genre.${id}`…) or that no code names at all (it might be built anywhere);
//  - one part per page (a route's chunk and everything it imports, on demand too), less
//    what `core` has.
// The keys a chunk can show are found in its minified code: the string literals that are
// keys, and the prefixes of keys built from a template or a concatenation. A text the split
// missed is still shown: lib/i18n/messages loads the whole catalogue when one is missing.
import { readFile } from 'node:fs/promises';
import { parse } from '@formatjs/icu-messageformat-parser';

/** A quoted word that may be a key: `browse.title`, 'errors.not_found'… */
const QUOTED = /[`'"]([\w.-]+)[`'"]/g;
/** The start of a key built at run time: `errors.${code}`, "genre."+id. */
const BUILT = /[`'"]((?:[\w-]+\.)+)(?:\$\{|[`'"]\s*\+)/g;

/**
 * The keys of `keys` that `code` can show: named as literals, or built from a prefix.
 * @param {string} code @param {Set<string>} keys @param {string[]} sorted the same keys, sorted
 */
export function keysIn(code, keys, sorted) {
  const found = new Set();
  for (const [, word] of code.matchAll(QUOTED)) if (keys.has(/** @type {string} */ (word))) found.add(word);
  for (const [, prefix] of code.matchAll(BUILT)) {
    for (const key of sorted) if (key.startsWith(/** @type {string} */ (prefix))) found.add(key);
  }
  return found;
}

/**
 * @typedef {{ code: string; imports: string[]; dynamicImports: string[] }} ChunkLike
 * @param {{
 *   keys: string[];
 *   chunks: Map<string, ChunkLike>;
 *   entry: string;
 *   pages: string[];
 *   skip: Set<string>;
 * }} graph `chunks` by file name; `entry`: the app's entry chunk; `pages`: each route's chunk
 *   (where a page's part starts); `skip`: chunks whose code names no texts (the catalogues)
 * @returns {{ core: Set<string>; parts: Map<string, Set<string>> }} `parts` by page chunk
 */
export function splitTexts({ keys, chunks, entry, pages, skip }) {
  const keySet = new Set(keys);
  const sorted = [...keys].sort();
  const pageSet = new Set(pages);
  /** @type {Map<string, Set<string>>} */
  const named = new Map();
  const keysOf = (/** @type {string} */ file) => {
    let found = named.get(file);
    if (!found) {
      found = skip.has(file) ? new Set() : keysIn(chunks.get(file)?.code ?? '', keySet, sorted);
      named.set(file, found);
    }
    return found;
  };
  /** The keys of `start` and of every chunk it loads, now or on demand, up to other pages. */
  const reachable = (/** @type {string} */ start) => {
    const seen = new Set();
    const stack = [start];
    const found = new Set();
    while (stack.length > 0) {
      const file = /** @type {string} */ (stack.pop());
      if (seen.has(file) || skip.has(file) || (file !== start && pageSet.has(file))) continue;
      seen.add(file);
      for (const key of keysOf(file)) found.add(key);
      const chunk = chunks.get(file);
      stack.push(...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? []));
    }
    return found;
  };
  const core = reachable(entry);
  const namedAnywhere = new Set([...chunks.keys()].flatMap((file) => [...keysOf(file)]));
  for (const key of keys) if (!namedAnywhere.has(key)) core.add(key);
  const parts = new Map(pages.map((page) => [page, new Set([...reachable(page)].filter((key) => !core.has(key)))]));
  return { core, parts };
}

/**
 * A language's catalogue (src/lib/i18n/messages/<language>.json) parsed to ICU trees, as
 * scripts/precompile-messages.mjs ships them.
 * @param {string} file @returns {Promise<Record<string, unknown>>}
 */
export async function parsedCatalogue(file) {
  /** @type {Record<string, string>} */
  const messages = JSON.parse(await readFile(file, 'utf8'));
  return Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
}

/**
 * The module of a set of texts: its default export is the texts (JSON.parse of a string is
 * quicker to run than the same object written as code). It starts with the compile hint as
 * every script of the build does (scripts/compile-hints.mjs).
 * @param {Record<string, unknown>} catalogue @param {Set<string>} keys
 */
export function textsModule(catalogue, keys) {
  const texts = Object.fromEntries([...keys].sort().map((key) => [key, catalogue[key]]));
  return `//# allFunctionsCalledOnLoad\nexport default JSON.parse(${JSON.stringify(JSON.stringify(texts))});\n`;
}
