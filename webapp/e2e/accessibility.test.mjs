// axe-core over the main pages in Finnish and in English, for a visitor and for a logged-in
// user (issue 11): no serious or critical violation may remain. axe is injected into the page
// through playwright-core (no browser download, no extra runner).
// Run: BASE_URL=http://127.0.0.1:8080 npm run e2e   (screenshots in test-results/accessibility/)
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import { BASE_URL, VIEWPORT, launch, screenshotter, skipReason } from './browser.mjs';

const skip = skipReason();
if (skip) console.log(`SKIPPED: browser journeys — ${skip}`);

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
// The server's Content-Security-Policy forbids inline scripts (rightly); axe is test tooling
// injected from outside the page, so these contexts alone let Playwright bypass the policy.
const AXE_CONTEXT = { viewport: VIEWPORT, bypassCSP: true };
const BLOCKING = new Set(['serious', 'critical']);

/**
 * The serious and critical violations axe finds on the page as it is now, one line each.
 * @param {import('playwright-core').Page} page
 */
async function violations(page) {
  // A dialog fading in has low contrast for 140 ms: judge the page as it settles, not mid-animation.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  /** @type {{ id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[]} */
  const found = await page.evaluate(async () => {
    // @ts-expect-error axe is the script injected above
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((/** @type {any} */ v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((/** @type {any} */ n) => ({ target: n.target })) }));
  });
  return found
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => `${violation.impact} ${violation.id} (${violation.help}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * Waits until the page has its data: no request in flight and no "Loading…" status left.
 * @param {import('playwright-core').Page} page
 */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(() => !Array.from(document.querySelectorAll('[role="status"]')).some((el) => /…|\.\.\./.test(el.textContent ?? '')));
}

describe('accessibility of the main pages', { skip: skip ?? false }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  const shot = screenshotter(VIEWPORT.width < 600 ? 'accessibility-mobile' : 'accessibility');
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  /** @type {{ token: string; user: { id: number } }} */
  let session;
  let movieId = 0;
  let groupId = 0;

  before(async () => {
    browser = await launch();
    const post = async (/** @type {string} */ path, /** @type {unknown} */ body, token = '') =>
      fetch(`${BASE_URL}/api/v1${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    const registered = await post('/users/register', { username: `axe_${suffix}`, email: `axe.${suffix}@example.fi`, password: 'saavutettava-2025' });
    assert.equal(registered.status, 201);
    session = await registered.json();
    // Not a movie another journey counts reviews of (reviews: [0], groups: [1], Finnish: [5]).
    movieId = (await (await fetch(`${BASE_URL}/api/v1/tmdb/popular`)).json()).results[6].id;
    // Something on the profile, the movie page and the group page to look at.
    await post('/reviews', { movieId, rating: 4, content: `Saavutettava arvio ${suffix}` }, session.token);
    await post('/favorites', { movie_id: movieId, type: 2 }, session.token);
    const group = await post('/groups', { name: `Axe-kerho ${suffix}`, description: 'Elokuvia kaikille.', tags: [18] }, session.token);
    assert.equal(group.status, 201);
    groupId = (await group.json()).group.id;
  });

  after(async () => {
    await browser?.close();
  });

  const visitorPages = () => ['/', '/browse', `/movie/${movieId}`, '/login', '/signup', '/groups', `/groups/${groupId}`, '/schedule?area=1002', `/profile/${session.user.id}`];
  const userPages = () => ['/', '/browse', `/movie/${movieId}`, '/groups', `/groups/${groupId}`, '/profile', '/watchlist', '/settings'];

  for (const language of /** @type {const} */ (['fi', 'en'])) {
    for (const who of /** @type {const} */ (['visitor', 'user'])) {
      test(`${language}, ${who}: no serious or critical violations`, async () => {
        const context = await browser.newContext({ ...AXE_CONTEXT, locale: language === 'fi' ? 'fi-FI' : 'en-GB' });
        context.setDefaultTimeout(15_000);
        await context.addInitScript(
          ([chosen, stored]) => {
            localStorage.setItem('language', chosen);
            if (stored) {
              localStorage.setItem('token', stored.token);
              localStorage.setItem('user', JSON.stringify(stored.user));
            }
          },
          /** @type {const} */ ([language, who === 'user' ? session : null]),
        );
        const page = await context.newPage();
        /** @type {string[]} */
        const found = [];
        try {
          for (const path of who === 'user' ? userPages() : visitorPages()) {
            await page.goto(`${BASE_URL}${path}`);
            await settle(page);
            assert.equal(await page.evaluate(() => document.documentElement.lang), language);
            for (const line of await violations(page)) found.push(`${path}: ${line}`);
            await shot(page, `${language}-${who}-${path.split('/').filter(Boolean).join('-') || 'home'}`);
          }
        } finally {
          await context.close();
        }
        assert.deepEqual(found, []);
      });
    }
  }

  test('fi: forms showing their errors, an open menu and a dialog have no serious or critical violations', async () => {
    const context = await browser.newContext({ ...AXE_CONTEXT, locale: 'fi-FI' });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    /** @type {string[]} */
    const found = [];
    const check = async (/** @type {string} */ state) => {
      for (const line of await violations(page)) found.push(`${state}: ${line}`);
      await shot(page, `fi-${state}`);
    };
    try {
      await page.goto(`${BASE_URL}/signup`);
      await settle(page);
      await page.getByRole('button', { name: 'Rekisteröidy' }).click();
      await page.getByText('Anna käyttäjätunnus.').waitFor();
      await check('signup-errors');

      await page.getByLabel('Käyttäjätunnus').fill(`axe_${suffix}`);
      await page.getByLabel('Sähköposti').fill(`axe.${suffix}@example.fi`);
      await page.getByLabel('Salasana').fill('saavutettava-2025');
      await page.getByRole('button', { name: 'Rekisteröidy' }).click();
      await page.getByRole('alertdialog').or(page.getByRole('dialog')).first().waitFor();
      await check('signup-exists-dialog');

      await page.evaluate((stored) => {
        localStorage.setItem('token', stored.token);
        localStorage.setItem('user', JSON.stringify(stored.user));
      }, session);
      await page.goto(`${BASE_URL}/movie/${movieId}`);
      await settle(page);
      await page.getByRole('banner').getByRole('button', { name: /Tilivalikko/ }).click();
      await check('account-menu-open');
    } finally {
      await context.close();
    }
    assert.deepEqual(found, []);
  });
});
