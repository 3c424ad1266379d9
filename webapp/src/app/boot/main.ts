// The boot script: a tiny second entry that index.html carries inline before the app's entry
// (scripts/route-preloads.mjs puts it there; the server's CSP allows it by its hash). The app's entry only asks for the page's code,
// its texts and its data once it has downloaded and run, about half a second into a first
// visit on a slow phone; this starts all three while the entry is still on its way (issue 14).
// It changes nothing the app does: the preloaded files are the ones the app imports, and the
// api client takes a prefetched answer only for the very request it would have sent.
import { bootLanguage, filesFor, prefetchUrls, PREFETCH_GLOBAL, type PreloadTable } from './plan';
import { facesFor, type TextFace } from './text-faces';

function readTable(): PreloadTable | null {
  try {
    return JSON.parse(document.getElementById('route-preloads')?.textContent ?? 'null') as PreloadTable | null;
  } catch {
    return null;
  }
}

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function preloadLink(file: string) {
  // The same link Vite's own preloading adds, so it sees the file as requested already.
  const link = document.createElement('link');
  if (file.endsWith('.css')) {
    link.rel = 'preload';
    link.as = 'style';
  } else {
    link.rel = 'modulepreload';
  }
  link.crossOrigin = '';
  link.href = file;
  return link;
}

/** index.html's own scripts: the app's entry and what it imports (read before the page's files are added). */
const appScripts = Array.from(document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[type="module"][src], link[rel="modulepreload"]'), (element) =>
  element instanceof HTMLScriptElement ? element.src : element.href,
);

const language = bootLanguage(stored('language'), navigator.languages?.length ? navigator.languages : [navigator.language ?? '']);

const urls = prefetchUrls(location.origin, location.pathname, location.search, language);
if (urls.length > 0) {
  // lib/auth-storage.ts's key; lib/api-client.ts sends the same header.
  const token = stored('token');
  const authorization = token ? `Bearer ${token}` : null;
  const headers: Record<string, string> = authorization ? { Authorization: authorization } : {};
  (window as unknown as Record<string, unknown>)[PREFETCH_GLOBAL] = urls.map((url) => {
    const response = fetch(url, { headers });
    // Unused when the app asks differently; a failure is the app's to see when it asks.
    response.catch(() => undefined);
    return { url, authorization, at: performance.now(), response };
  });
}

// After the data: the browser opens six connections at most, and the data is one request
// where the page's code is up to twenty.
const table = readTable();
if (table) {
  const links = document.createDocumentFragment();
  for (const file of filesFor(table, location.pathname, language)) links.appendChild(preloadLink(file));
  document.head.appendChild(links);
}

// First uses that cost a slow phone tenths of a second inside the app's first render and
// layout, made while the page's files are on their way and the main thread has nothing else
// to do: a timer runs them then (~450 ms into a throttled cold visit), where an idle
// callback waited for the first frames and often ran as the scripts arrived (~700-840 ms),
// holding up their evaluation. Only a head start: the app makes its own formatters.
setTimeout(() => {
  const locale = language === 'fi' ? 'fi-FI' : 'en-GB';
  try {
    // The browser's locale data: the ratings on the movie tiles make a NumberFormat, and
    // intl-messageformat checks its locale with this same call for the first text it
    // formats with values; counts choose their plural form; the movie page formats dates.
    Intl.NumberFormat.supportedLocalesOf(locale);
    new Intl.PluralRules(locale).select(1);
    new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(0);
  } catch {
    // Nothing lost: the app formats as before.
  }
}, 0);

// The first layout of text in a face loads its font and builds its shaping data, inside the
// app's first layout. Once the app's stylesheet is in, well before its script on a first visit,
// a hidden line in each face the page's first screen uses (./text-faces.ts) is laid out and
// removed, in one task: the page's first layout at 4x CPU, medians of six traces, fell on
// /movie from 65 to 22 ms on a first visit and from 62 to 26 on a revisit, on /browse from 51
// to 27 (a task per few faces was not done before the app's script came, half the time).
// Skipped once the app's scripts are here (the app runs then, or soon: a revisit's come from
// the cache before the stylesheet has been applied): the main thread is the app's.
function layOutSampleText(faces: readonly TextFace[]) {
  const arrived = new Set(performance.getEntriesByType('resource').map((entry) => entry.name));
  if (appScripts.length > 0 && appScripts.every((url) => arrived.has(url))) return;
  const sample = document.createElement('div');
  sample.setAttribute('aria-hidden', 'true');
  sample.style.cssText = 'position:absolute;top:0;left:-10000px;width:20em;visibility:hidden';
  for (const [family, weight, size, style] of faces) {
    const line = sample.appendChild(document.createElement('p'));
    line.style.fontFamily = `var(--font-${family})`;
    line.style.fontWeight = String(weight);
    line.style.fontSize = size;
    line.style.fontStyle = style ?? 'normal';
    line.textContent = 'Leffaseura 2024 ★ 8,2 · Ääliö Åbo';
  }
  document.body.appendChild(sample);
  void sample.offsetWidth;
  sample.remove();
}

// index.html links the stylesheet after this script: it is parsed by the time a timer runs.
setTimeout(() => {
  const faces = facesFor(location.pathname);
  const appStyles = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
  if (appStyles?.sheet) layOutSampleText(faces);
  else appStyles?.addEventListener('load', () => setTimeout(() => layOutSampleText(faces), 0), { once: true });
}, 0);
