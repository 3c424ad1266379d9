import { QueryClient } from '@tanstack/react-query';
import { matchPath } from '@/lib/router';
import { languageFromBrowser } from '@/lib/i18n/language';
import { PREFETCHED_KEY } from '@/lib/prefetched';
import { prefetchPageData } from '../page-data';
import { bootLanguage, filesFor, matchesPattern, prefetchUrls, PREFETCH_GLOBAL, type PreloadTable } from './plan';

// The boot script repeats a few rules of the app (plan.ts says why); these tests hold each
// copy to the original.

/** Every URL the app's own queries for a page request (through the real api client). */
async function urlsTheAppAsks(path: string, language: 'en' | 'fi'): Promise<string[]> {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    urls.push(request.url);
    return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
  });
  const url = new URL(path, window.location.origin);
  await prefetchPageData(new QueryClient({ defaultOptions: { queries: { retry: false } } }), url.pathname, url.search, language);
  return urls;
}

describe('boot plan', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    '/movie/603',
    '/movie/0',
    '/movie/abc',
    '/movie/00042',
    '/browse',
    '/browse?page=2',
    '/browse?page=3&genres=28,12,28',
    '/browse?q=%20star%20wars%20&genres=28',
    '/browse?q=amélie&page=x',
    '/',
    '/groups/5',
  ])('prefetches exactly what the page asks for first: %s', async (path) => {
    for (const language of ['en', 'fi'] as const) {
      const url = new URL(path, window.location.origin);
      expect(prefetchUrls(window.location.origin, url.pathname, url.search, language).sort()).toEqual(
        (await urlsTheAppAsks(path, language)).sort(),
      );
    }
  });

  it('chooses the language as the app does', () => {
    for (const preferred of [[], [''], ['fi'], ['fi-FI', 'en'], ['FI_fi'], ['en-GB', 'fi'], [' fi '], ['sv-FI']]) {
      expect(bootLanguage(null, preferred)).toBe(languageFromBrowser(preferred));
    }
    expect(bootLanguage('fi', ['en'])).toBe('fi');
    expect(bootLanguage('en', ['fi'])).toBe('en');
    expect(bootLanguage('sv', ['fi'])).toBe('fi');
  });

  it('matches routes as the router does', () => {
    const patterns = ['/browse', '/movie/:id', '/groups/create', '/groups/:id', '/profile', '/profile/:userId'];
    for (const pathname of ['/browse', '/browse/', '/Browse', '/browse//', '/movie/603', '/MOVIE/603/', '/movie/603/x', '/movie', '/groups/create', '/groups/7', '/profile', '/profile/jane.doe', '/profile/a%40b', '/profile/%E0%A4%A', '/movie//603', '//movie/603', '/']) {
      for (const pattern of patterns) {
        expect(Boolean(matchesPattern(pattern, pathname)), `${pattern} ${pathname}`).toBe(Boolean(matchPath(pattern, pathname)));
      }
    }
  });

  it('names the current page’s files and texts and the language’s common texts, in the router’s order', () => {
    const table: PreloadTable = {
      files: ['/assets/a.js', '/assets/b.js', '/assets/b.css', '/assets/en.js', '/assets/fi.js', '/assets/c.js', '/assets/b-en.js', '/assets/b-fi.js'],
      routes: [
        ['/groups/create', [0]],
        ['/groups/:id', [1, 2]],
      ],
      catalogues: { en: [3], fi: [4] },
      routeTexts: { en: [-1, 6], fi: [-1, 7] },
    };
    expect(filesFor(table, '/groups/create', 'en')).toEqual(['/assets/en.js', '/assets/a.js']);
    expect(filesFor(table, '/groups/9', 'fi')).toEqual(['/assets/fi.js', '/assets/b.js', '/assets/b.css', '/assets/b-fi.js']);
    expect(filesFor(table, '/groups/9', 'en')).toEqual(['/assets/en.js', '/assets/b.js', '/assets/b.css', '/assets/b-en.js']);
    expect(filesFor(table, '/', 'en')).toEqual(['/assets/en.js']);
  });

  it('leaves the answers where the api client looks', () => {
    expect(PREFETCH_GLOBAL).toBe(PREFETCHED_KEY);
  });
});
