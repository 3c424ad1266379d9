// A Vite plugin for production builds (issue 14): every JavaScript file of the app starts
// with V8's explicit compile hint, `//# allFunctionsCalledOnLoad` (Chrome 136+; other
// browsers read a comment). Without it V8 compiles a function the first time it is called:
// on the main thread, inside the app's first render. Traces of a cold /browse on a throttled
// phone profile showed 110-150 ms of such compiling (V8.CompileCode + V8.ParseFunction) in
// the first render and module evaluation. With the hint V8 compiles each file on a
// background thread while it streams in, when the main thread only waits for the network.
// Nearly every function of these files runs when a page opens (the app's own code is split
// by page, scripts/page-chunks.mjs), so little is compiled in vain.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const HINT = '//# allFunctionsCalledOnLoad';

/** @returns {import('vite').Plugin} */
export function compileHints() {
  return {
    name: 'leffaseura-compile-hints',
    apply: 'build',
    // V8 reads the hint only on a file's very first line, and Vite writes its preload helper
    // on top of the entry after every plugin's generateBundle: so the hint goes into the
    // written files (before precompress's closeBundle compresses them).
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      await Promise.all(
        chunks.map(async (chunk) => {
          const path = join(dir, chunk.fileName);
          const code = await readFile(path, 'utf8');
          if (code.startsWith(HINT)) return;
          await writeFile(path, `${HINT}\n${code}`);
          // A source map (when one is built) maps the lines below the hint: one more line,
          // with nothing mapped on it, keeps every mapping on its line.
          const map = await readFile(`${path}.map`, 'utf8').catch(() => null);
          if (map !== null) {
            const parsed = JSON.parse(map);
            await writeFile(`${path}.map`, JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` }));
          }
        }),
      );
    },
  };
}
