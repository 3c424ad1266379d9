// The page's inline boot script (src/app/boot/main.ts, inlined by scripts/route-preloads.mjs)
// runs under the server's Content-Security-Policy, which allows it by its hash: a first
// visit asks for the page's data, code and texts before the app's entry has run, and the
// browser reports no blocked script.
// Run: BASE_URL=http://127.0.0.1:8080 node --test e2e/boot.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BASE_URL, VIEWPORT, launch, skipReason } from './browser.mjs';

const skip = skipReason();
if (skip) console.log(`SKIPPED: browser journeys — ${skip}`);

/**
 * A page in a new context, and the Content-Security-Policy errors its console reports.
 * @param {import('playwright-core').Browser} browser
 */
async function pageReportingBlockedScripts(browser) {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' });
  const page = await context.newPage();
  /** @type {string[]} */
  const blocked = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  return { context, page, blocked };
}

/**
 * An init script: records the style of each hidden sample line the boot script's text warm-up
 * lays out (it adds a block of them to the body and takes it away in the same task).
 */
function recordSampleLines() {
  new MutationObserver((records) => {
    for (const record of records) {
      record.addedNodes.forEach((node) => {
        if (node instanceof HTMLElement && node.parentNode === null && node.getAttribute('aria-hidden') === 'true' && node.querySelector('p')) {
          const lines = Array.from(node.querySelectorAll('p'), (line) => line.style.cssText);
          (/** @type {any} */ (window)).__sampleLines = [...((/** @type {any} */ (window)).__sampleLines ?? []), ...lines];
          (/** @type {any} */ (window)).__sampleLaidOut?.();
        }
      });
    }
  }).observe(document, { childList: true, subtree: true });
}

/**
 * In the first frame that shows every one of `selectors`: the faces (family, weight, size, style, as
 * computed) of the text on the page, and of the sample lines the boot script laid out.
 * @param {import('playwright-core').Page} page @param {string[]} selectors
 * @returns {Promise<{ onPage: string[]; warmed: string[] }>}
 */
function facesWhenShown(page, selectors) {
  return page.evaluate(
    (selectors) =>
      new Promise((resolve) => {
        const shown = (/** @type {string} */ selector) => (document.querySelector(selector)?.getBoundingClientRect().height ?? 0) > 0;
        /** @param {Element} element */
        const face = (element) => {
          const style = getComputedStyle(element);
          return `${style.fontFamily} ${style.fontWeight} ${style.fontSize} ${style.fontStyle}`;
        };
        const collect = () => {
          const onPage = new Set();
          for (const element of Array.from(document.body.querySelectorAll('*'))) {
            const hasText = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
            if (hasText && element.getClientRects().length > 0) onPage.add(face(element));
          }
          const warmed = new Set();
          for (const cssText of /** @type {string[]} */ ((/** @type {any} */ (window)).__sampleLines ?? [])) {
            const line = document.createElement('p');
            line.style.cssText = cssText;
            document.body.appendChild(line);
            warmed.add(face(line));
            line.remove();
          }
          resolve({ onPage: [...onPage].sort(), warmed: [...warmed].sort() });
        };
        const check = () => (selectors.every(shown) ? collect() : requestAnimationFrame(check));
        requestAnimationFrame(check);
      }),
    selectors,
  );
}

/** Registers an account through the API and posts a review of `movieId` with it. */
async function postReview(/** @type {number} */ movieId) {
  const username = `boot${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const registered = await fetch(`${BASE_URL}/api/v1/users/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.fi`, password: 'elokuva-ilta-2025' }),
  });
  assert.equal(registered.status, 201, `register ${username}`);
  const { token } = await registered.json();
  const reviewed = await fetch(`${BASE_URL}/api/v1/reviews`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ movieId, rating: 4, content: 'Worth the trip to the cinema.' }),
  });
  assert.equal(reviewed.status, 201, 'post a review');
}

describe('first visit', { skip: skip ?? false }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;

  before(async () => {
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
  });

  test('the boot script runs and starts the page’s downloads before the app’s entry ran', async () => {
    const { context, page, blocked } = await pageReportingBlockedScripts(browser);
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (/** @type {any} */ (window)).__violations = [...((/** @type {any} */ (window)).__violations ?? []), event.violatedDirective];
      });
    });
    /** @type {{ url: string; at: number }[]} */
    const requests = [];
    const start = Date.now();
    page.on('request', (request) => requests.push({ url: new URL(request.url()).pathname, at: Date.now() - start }));

    await page.goto(`${BASE_URL}/browse`);
    await page.getByRole('heading', { level: 1, name: 'Popular movies' }).waitFor();

    assert.deepEqual(blocked, []);
    assert.deepEqual(await page.evaluate(() => (/** @type {any} */ (window)).__violations ?? []), []);
    // Its text warm-up, if it ran before the app did, left nothing behind.
    assert.equal(await page.evaluate(() => document.querySelectorAll('body > div[aria-hidden="true"] > p').length), 0);
    // The boot script left its prefetched answers for the app (which took them).
    assert.equal(await page.evaluate(() => Array.isArray((/** @type {any} */ (window)).__leffaseuraPrefetched)), true);
    // The language's texts and the Browse page's code were asked for by the boot script,
    // which the document's own tags do not name.
    const html = await (await fetch(`${BASE_URL}/browse`)).text();
    for (const pattern of [/^\/assets\/texts-en-[\w-]+\.js$/, /^\/assets\/browse-route-[\w-]+\.js$/]) {
      const asked = requests.find((request) => pattern.test(request.url));
      assert.ok(asked, `${pattern} was requested (${requests.map((r) => r.url).join(', ')})`);
      assert.ok(!html.includes(`src="${asked.url}"`), `${asked.url} is not a script tag of the page`);
    }
    await context.close();
  });

  test('the boot script lays out every face the page’s first screen sets text in, before the app does', async () => {
    const popular = await (await fetch(`${BASE_URL}/api/v1/tmdb/popular`)).json();
    // The home page shows the recent reviews and their authors when there are any, and the
    // movie page the movie's reviews: a review of our own, so that their faces are checked
    // whatever the other journeys (which run beside this one) have written or deleted by now,
    // on the last popular movie, which none of them opens (the reviews journey needs its
    // movie without reviews).
    const reviewed = popular.results.at(-1).id;
    await postReview(reviewed);
    // The popular groups are shown once there are any (the groups journey makes some); this
    // test makes none, which would change that journey's list.
    const groupsExist = (await (await fetch(`${BASE_URL}/api/v1/groups/popular?limit=1`)).json()).data.length > 0;
    const pages = [
      // Once the page's data is in: the app may render it in its first frame (the boot script
      // asked for it) or a few frames later, whichever the machine's timing gives.
      {
        path: '/',
        shown: ['#site-search', '[data-testid="recent-review"]', '[data-testid="user-card"]', ...(groupsExist ? ['[data-testid="group-card"]'] : [])],
      },
      { path: '/browse', shown: ['#browse-heading'] },
      { path: `/movie/${reviewed}`, shown: ['#movie-title', '[id^="review-"]'] },
    ];
    /** @type {Record<string, string[]>} */
    const missing = {};
    for (const { path, shown } of pages) {
      const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' });
      const page = await context.newPage();
      await page.addInitScript(recordSampleLines);
      // The app's scripts held back until the warm-up has run, as on a slow network: it does
      // not run once the app has (on a fast network the app can come before the stylesheet).
      /** @type {() => void} */
      let laidOut = () => {};
      const sampleLaidOut = new Promise((resolve) => (laidOut = () => resolve(undefined)));
      await page.exposeFunction('__sampleLaidOut', () => laidOut());
      await page.route(/\/assets\/(index|app)-[\w-]+\.js$/, async (route) => {
        await Promise.race([sampleLaidOut, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        await route.continue();
      });
      await page.goto(`${BASE_URL}${path}`);
      const { onPage, warmed } = await facesWhenShown(page, shown);
      const notWarmed = onPage.filter((face) => !warmed.includes(face));
      if (notWarmed.length > 0) missing[path] = notWarmed;
      await context.close();
    }
    // A face missing here goes into src/app/boot/text-faces.ts (font size in rem: px / 16).
    assert.deepEqual(missing, {}, 'faces on the page the boot script did not lay out');
  });

  test('a revisit gets a 304 for the page, and its boot script still runs', async () => {
    const { context, page, blocked } = await pageReportingBlockedScripts(browser);
    /** @type {number[]} */
    const pageStatuses = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'document') pageStatuses.push(response.status());
    });
    for (const path of ['/browse', '/browse', '/', '/']) {
      await page.goto(`${BASE_URL}${path}`);
      await page.locator('#site-search').waitFor();
      // The boot script ran on every load, the revalidated ones included (on /browse it
      // leaves the answers it prefetched for the app).
      if (path === '/browse') assert.equal(await page.evaluate(() => Array.isArray((/** @type {any} */ (window)).__leffaseuraPrefetched)), true);
    }
    assert.deepEqual(blocked, []);
    // Playwright reports a page revalidated with a 304 by the cached answer's status, so the
    // 304s are asked of the server directly, as the browser asked.
    const first = await fetch(`${BASE_URL}/browse`);
    const etag = first.headers.get('etag');
    assert.ok(etag, 'the page has an ETag');
    const again = await fetch(`${BASE_URL}/browse`, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal(again.headers.get('content-security-policy'), first.headers.get('content-security-policy'));
    assert.deepEqual(pageStatuses, [200, 200, 200, 200]);
    await context.close();
  });

  test('every script of a first visit asks V8 to compile it while it downloads', async () => {
    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' });
    const page = await context.newPage();
    /** @type {Promise<[string, string]>[]} */
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text().then((code) => [new URL(response.url()).pathname, code]));
    });
    await page.goto(`${BASE_URL}/browse`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Popular movies' }).waitFor();
    const loaded = await Promise.all(scripts);
    // The entry, the libraries, the page's code and the texts: more than a handful.
    assert.ok(loaded.length >= 5, `scripts loaded: ${loaded.map(([url]) => url).join(', ')}`);
    // scripts/compile-hints.mjs: V8 reads the hint on the file's first line only.
    const unhinted = loaded.filter(([, code]) => !code.startsWith('//# allFunctionsCalledOnLoad\n')).map(([url]) => url);
    assert.deepEqual(unhinted, []);
    await context.close();
  });

  test('a page brings its own texts, and a language switched to comes whole', async () => {
    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'fi-FI' });
    const page = await context.newPage();
    /** @type {string[]} */
    const texts = [];
    page.on('request', (request) => {
      const file = new URL(request.url()).pathname.split('/').pop() ?? '';
      if (/^(texts-|en-|fi-)/.test(file)) texts.push(file);
    });
    /** @type {string[]} */
    const missing = [];
    page.on('console', (message) => {
      if (message.text().startsWith('[i18n]')) missing.push(message.text());
    });
    await page.goto(`${BASE_URL}/browse`);
    await page.getByRole('heading', { level: 1, name: 'Suositut elokuvat' }).waitFor();
    // The Finnish texts every page needs and Browse's own, not the whole catalogue.
    assert.equal(texts.filter((file) => /^texts-fi-[\w-]+\.js$/.test(file) && !file.startsWith('texts-fi-browse-route-')).length, 1, texts.join(', '));
    assert.ok(texts.some((file) => file.startsWith('texts-fi-browse-route-')), texts.join(', '));
    assert.ok(!texts.some((file) => /^fi-[\w-]+\.js$/.test(file)), texts.join(', '));

    // Another page, in the app: its texts come with its code.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Tietoa' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tietoa Leffaseurasta' }).waitFor();
    assert.ok(texts.some((file) => file.startsWith('texts-fi-about-page-')), texts.join(', '));

    // English, switched to: its whole catalogue, and the page shows in it at once.
    await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'About Leffaseura' }).waitFor();
    assert.ok(texts.some((file) => /^en-[\w-]+\.js$/.test(file)), texts.join(', '));
    await page.getByRole('banner').getByRole('link', { name: 'Browse' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Popular movies' }).waitFor();
    assert.deepEqual(missing, []);
    await context.close();
  });
});
