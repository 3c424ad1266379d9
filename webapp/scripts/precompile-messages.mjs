// A Vite plugin for production builds: the message catalogues (src/lib/i18n/messages/*.json)
// are parsed into ICU ASTs at build time, and the ICU parser is left out of the bundle
// (FormatJS's documented `no-parser` entry): about 8 KB gzip less on every first load.
// Tests and the dev server keep the plain strings and the parser.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parse } from '@formatjs/icu-messageformat-parser';

const CATALOGUE = /\/src\/lib\/i18n\/messages\/[a-z]+\.json$/;
const PARSER = /^@formatjs\/icu-messageformat-parser$/;

/** @returns {import('vite').Plugin} */
export function precompileMessages() {
  const noParser = createRequire(import.meta.url).resolve('@formatjs/icu-messageformat-parser/no-parser.js');
  return {
    name: 'leffaseura-precompile-messages',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      // intl-messageformat imports the parser; with every message parsed already it only
      // needs its types and helpers.
      if (PARSER.test(source) && !importer?.includes('no-parser')) return this.resolve(noParser, importer, { ...options, skipSelf: true });
      return null;
    },
    async load(id) {
      if (!CATALOGUE.test(id)) return null;
      /** @type {Record<string, string>} */
      const messages = JSON.parse(await readFile(id, 'utf8'));
      // Still JSON: Vite's own JSON plugin turns it into a module as before.
      return JSON.stringify(Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)])));
    },
  };
}
