// A Vite plugin for production builds (issue 14): the boot script (src/app/boot/main.ts) built
// as a second entry and written inline into index.html after the app's entry and before its
// stylesheets, with the table it reads. The table names, for every page loaded on demand (each `page([...paths],
// () => import('...'))` of src/app/routes.tsx), the files of its code that index.html does not
// load already, and each language's texts; the boot script preloads the current page's and
// language's files while the app's entry downloads, instead of after it ran.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parsedCatalogue, splitTexts, textsModule } from './page-texts.mjs';

const ROUTES = 'src/app/routes.tsx';
const BOOT = 'src/app/boot/main.ts';
const CATALOGUE = /\/src\/lib\/i18n\/messages\/(en|fi)\.json$/;
const LANGUAGES = ['en', 'fi'];
/** `page(['/a', '/b/:id'], () => import('./pages/x'), …)` in routes.tsx. */
const PAGE = /\bpage\(\s*\[([^\]]*)\]\s*,\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/g;

/**
 * @typedef {import('vite').Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string> } }} Chunk
 * @typedef {{ files: string[]; routes: [string, number[]][]; catalogues: Record<string, number[]>; routeTexts: Record<string, number[]> }} Table
 */

/** @returns {import('vite').Plugin} */
export function routePreloads() {
  let root = process.cwd();
  return {
    name: 'leffaseura-route-preloads',
    apply: 'build',
    enforce: 'post',
    config(config) {
      root = config.root ? resolve(config.root) : process.cwd();
      return { build: { rollupOptions: { input: { index: resolve(root, 'index.html'), boot: resolve(root, BOOT) } } } };
    },
    renderChunk(code, chunk) {
      // A classic script (see below): its top-level names stay its own.
      if (chunk.isEntry && chunk.facadeModuleId === resolve(root, BOOT)) return { code: `(function(){${code}\n})();\n`, map: null };
      return null;
    },
    async generateBundle(_options, bundle) {
      const chunks = /** @type {Chunk[]} */ (Object.values(bundle).filter((file) => file.type === 'chunk'));
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const html = bundle['index.html'];
      const app = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('index.html'));
      const boot = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === resolve(root, BOOT));
      if (!html || html.type !== 'asset' || !app || !boot) this.error('route-preloads: index.html, the app entry or the boot entry is missing');
      if (boot.imports.length > 0) this.error(`route-preloads: the boot script must import nothing from the app (it imports ${boot.imports.join(', ')})`);

      /** A chunk's own file, its static imports' files and their CSS, depth first. @param {string} fileName @param {Set<string>} seen */
      const closure = (fileName, seen = new Set()) => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        const chunk = byName.get(fileName);
        for (const css of chunk?.viteMetadata?.importedCss ?? []) seen.add(css);
        for (const imported of chunk?.imports ?? []) closure(imported, seen);
        return seen;
      };
      const loadedByHtml = closure(app.fileName);
      /** @type {Table} */
      const table = { files: [], routes: [], catalogues: {}, routeTexts: {} };
      /** @param {string} fileName */
      const indexOf = (fileName) => {
        const url = `/${fileName}`;
        const found = table.files.indexOf(url);
        return found >= 0 ? found : table.files.push(url) - 1;
      };
      /** The chunk loaded on demand for module `id`. @param {string} id */
      const dynamicEntry = (id) => chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId === id);
      /** Its files, less what index.html loads. @param {Chunk} entry */
      const filesOf = (entry) => [...closure(entry.fileName)].filter((fileName) => !loadedByHtml.has(fileName)).map(indexOf);

      const routesFile = resolve(root, ROUTES);
      const source = await readFile(routesFile, 'utf8');
      const pages = [...source.matchAll(PAGE)];
      const calls = source.match(/\.\.\.page\(/g)?.length ?? 0;
      if (pages.length === 0 || pages.length !== calls) this.error(`route-preloads: read ${pages.length} of the ${calls} page(...) calls in ${ROUTES}`);
      /** Each route's page chunk, in table.routes' order. @type {string[]} */
      const routeChunks = [];
      for (const [, paths, specifier] of pages) {
        const resolved = await this.resolve(/** @type {string} */ (specifier), routesFile);
        const entry = resolved && dynamicEntry(resolved.id);
        if (!entry) this.error(`route-preloads: no chunk for ${specifier}`);
        const files = filesOf(entry);
        for (const path of /** @type {string} */ (paths).matchAll(/'([^']+)'/g)) {
          table.routes.push([/** @type {string} */ (path[1]), files]);
          routeChunks.push(entry.fileName);
        }
      }

      // Each language's texts: what every page can show (`core`, which the boot script
      // preloads as the language's texts) and a part per page (scripts/page-texts.mjs). The
      // whole catalogue stays a chunk of its own for a language switched to later.
      const catalogueChunks = chunks.filter((chunk) => chunk.isDynamicEntry && CATALOGUE.test(chunk.facadeModuleId ?? ''));
      if (catalogueChunks.length !== LANGUAGES.length) this.error('route-preloads: a language catalogue chunk is missing');
      const sources = new Map(catalogueChunks.map((chunk) => [CATALOGUE.exec(chunk.facadeModuleId ?? '')?.[1], chunk.facadeModuleId ?? '']));
      const catalogues = Object.fromEntries(
        await Promise.all(LANGUAGES.map(async (language) => [language, await parsedCatalogue(/** @type {string} */ (sources.get(language)))])),
      );
      const { core, parts } = splitTexts({
        keys: Object.keys(catalogues.en),
        chunks: byName,
        entry: app.fileName,
        pages: [...new Set(routeChunks)],
        skip: new Set(catalogueChunks.map((chunk) => chunk.fileName)),
      });
      /** Emits a set of texts as a module of its own; its index in table.files. @param {string} name @param {string} source */
      const emitTexts = (name, source) => indexOf(this.getFileName(this.emitFile({ type: 'asset', name: `${name}.js`, source })));
      for (const language of LANGUAGES) {
        table.catalogues[language] = [emitTexts(`texts-${language}`, textsModule(catalogues[language], core))];
        /** @type {Map<string, number>} */
        const partFiles = new Map();
        for (const [page, keys] of parts) {
          if (keys.size > 0) partFiles.set(page, emitTexts(`texts-${language}-${byName.get(page)?.name ?? 'page'}`, textsModule(catalogues[language], keys)));
        }
        table.routeTexts[language] = routeChunks.map((page) => partFiles.get(page) ?? -1);
      }

      // A data block is not run, so the Content-Security-Policy allows it; `<` is escaped so
      // that no file name could end the element. The boot script is inline: it starts the
      // page's data, code and texts the moment the page's head is parsed, where a file of
      // its own cost a round trip first (~0.3 s on a slow network). It comes after the
      // entry's script and preload tags, which the parser then asks for before it runs the
      // script (35-45 ms of a slow phone's main thread, when the link had nothing to do: the
      // entry's files were asked for 46 ms after the page arrived), and before the
      // stylesheets, which would hold a script after them until they are here.
      // The server allows exactly this text by its hash in the page's policy
      // (adapters/http/src/inline_scripts.rs), so no other inline script runs.
      const json = JSON.stringify(table).replace(/</g, '\\u003c');
      const bootCode = boot.code.trim();
      if (/<\/script|<!--/i.test(bootCode)) this.error('route-preloads: the boot script contains "</script" or "<!--" and cannot be inlined');
      delete bundle[boot.fileName];
      const tags =
        `<script type="application/json" id="route-preloads">${json}</script>\n` +
        `    <script>${bootCode}</script>\n    `;
      const page = String(html.source);
      const entryTag = page.indexOf('<script type="module"');
      if (entryTag < 0) this.error('route-preloads: no entry script in index.html');
      const stylesheet = page.indexOf('<link rel="stylesheet"', entryTag);
      const at = stylesheet >= 0 ? stylesheet : page.indexOf('</head>');
      if (at < 0) this.error('route-preloads: no </head> in index.html');
      html.source = page.slice(0, at) + tags + page.slice(at);
    },
  };
}
