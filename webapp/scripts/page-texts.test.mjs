import { describe, expect, it } from 'vitest';
import { keysIn, splitTexts } from './page-texts.mjs';

const KEYS = ['app.name', 'browse.title', 'browse.empty', 'errors.not_found', 'errors.conflict', 'movie.title', 'faq.q1', 'unused.text'];
const keySet = new Set(KEYS);
const sorted = [...KEYS].sort();

describe('the texts a chunk can show', () => {
  it('are the keys it names in any quotes, and every key under a prefix it builds keys from', () => {
    const code = 'n("browse.title"),t(`app.name`),x(\'movie\'),e(`errors.${c}`),q("faq."+i),s("browse.titles")';
    expect([...keysIn(code, keySet, sorted)].sort()).toEqual(['app.name', 'browse.title', 'errors.conflict', 'errors.not_found', 'faq.q1']);
  });
});

describe('splitting the texts by page', () => {
  const chunk = (/** @type {string} */ code, /** @type {string[]} */ imports = [], /** @type {string[]} */ dynamicImports = []) => ({ code, imports, dynamicImports });
  const chunks = new Map([
    ['index.js', chunk('t("app.name")', ['app.js'], ['browse.js', 'movie.js', 'en.js', 'dialog.js'])],
    ['app.js', chunk('t(`errors.${code}`)')],
    ['dialog.js', chunk('t("faq.q1")')],
    ['browse.js', chunk('t("browse.title");t("movie.title")', ['shared.js'], ['movie.js'])],
    ['movie.js', chunk('t("movie.title");t("app.name")', ['shared.js'])],
    ['shared.js', chunk('t("browse.empty")')],
    ['en.js', chunk('"unused.text"')],
  ]);
  const { core, parts } = splitTexts({ keys: KEYS, chunks, entry: 'index.js', pages: ['browse.js', 'movie.js'], skip: new Set(['en.js']) });

  it('gives every page what the entry reaches, on demand too, and what no code names', () => {
    expect([...core].sort()).toEqual(['app.name', 'errors.conflict', 'errors.not_found', 'faq.q1', 'unused.text']);
  });

  it('gives each page what its chunks show, less the common texts, and not another page’s', () => {
    expect([...(parts.get('browse.js') ?? [])].sort()).toEqual(['browse.empty', 'browse.title', 'movie.title']);
    expect([...(parts.get('movie.js') ?? [])].sort()).toEqual(['browse.empty', 'movie.title']);
  });
});
