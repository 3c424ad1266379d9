// A Vite plugin: after the build, writes a brotli (`.br`, quality 11) and a gzip (`.gz`,
// level 9) copy beside every text file of dist/ worth compressing. The server sends the
// copy a browser accepts as it is (adapters/http/src/webapp.rs), so the bundle is
// compressed once at the highest level instead of on every request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Text the server would also compress on the fly; images and fonts are compressed already. */
const TEXT_FILE = /\.(js|mjs|css|html|svg|json|map|txt|webmanifest)$/;
/** Below this the server sends files as they are (MIN_COMPRESSED_BYTES in compression.rs). */
const MIN_BYTES = 1024;

/** @param {string} dir @returns {Promise<string[]>} */
async function files(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]))),
  );
  return nested.flat();
}

/**
 * @param {string} file
 * @returns {Promise<number>} how many copies were written (0 when the file is too small or
 *   compresses badly)
 */
async function precompressFile(file) {
  if (!TEXT_FILE.test(file) || (await stat(file)).size < MIN_BYTES) return 0;
  const data = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that saves too little is not worth a second representation to cache.
  if (gz.length > data.length * 0.9) return 0;
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  return 2;
}

/** @returns {import('vite').Plugin} */
export function precompress() {
  /** @type {string} */
  let outDir = 'dist';
  return {
    name: 'leffaseura-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const written = await Promise.all((await files(outDir)).map(precompressFile));
      const count = written.reduce((sum, n) => sum + n, 0);
      this.info?.(`precompressed: ${count} .br/.gz copies in ${outDir}`);
    },
  };
}
