// The watchlist journey in a real browser: a visitor is asked to log in instead of toggling;
// a new user adds two movies to the watchlist from Browse (one with a double-click), sees
// them on the watchlist page, removes one on its Movie page, and still sees the change after
// reloads, then hearts it and finds it on the favorites page. Along the way: the status
// lookups of a page go out as one call.
// Run: BASE_URL=http://127.0.0.1:8080 npm run e2e   (screenshots in test-results/watchlist/)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BASE_URL, VIEWPORT, launch, screenshotter, skipReason } from './browser.mjs';

const skip = skipReason();
if (skip) console.log(`SKIPPED: browser journeys — ${skip}`);

describe('watchlist journey', { skip: skip ?? false }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {import('playwright-core').Page} */
  let page;
  const shot = screenshotter(VIEWPORT.width < 600 ? 'watchlist-mobile' : 'watchlist');
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const username = `wl_${suffix}`;
  const email = `wl.${suffix}@example.fi`;
  const password = 'elokuva-ilta-2025';
  /** @type {string[]} */
  const errors = [];
  /** Every favorites call the page makes: method, path and when. */
  /** @type {{ method: string, path: string, at: number }[]} */
  const favoriteCalls = [];
  /** Titles of the two movies added from Browse, and the first one's id. */
  const added = { first: '', second: '', firstId: '' };

  before(async () => {
    browser = await launch();
    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' });
    context.setDefaultTimeout(10_000);
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/\/api(\/v1)?\/favorites/.test(path)) favoriteCalls.push({ method: request.method(), path, at: Date.now() });
    });
  });

  after(async () => {
    await browser?.close();
  });

  const statusCalls = () => favoriteCalls.filter((call) => call.path.includes('/favorites/status/'));
  const idsOf = (/** @type {{ path: string }} */ call) => call.path.split('/').at(-1)?.split(',') ?? [];
  const cards = () => page.getByTestId('movie-card');

  /** The movie title a tile's action bar is named after ("Actions for <title>"). */
  async function titleOf(/** @type {import('playwright-core').Locator} */ card) {
    const label = await card.getByRole('group').getAttribute('aria-label');
    return (label ?? '').replace(/^Actions for /, '');
  }

  async function waitForPressed(/** @type {import('playwright-core').Locator} */ button, /** @type {boolean} */ pressed) {
    await button.and(page.locator(`[aria-pressed="${pressed}"]`)).waitFor();
  }

  test('a visitor gets a login prompt instead of a toggle, and no watchlist', async () => {
    await page.goto(`${BASE_URL}/browse`);
    await cards().first().waitFor();
    await cards().first().getByRole('button', { name: 'Watchlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in to save movies' });
    await dialog.waitFor();
    assert.equal(await dialog.getByRole('link', { name: 'Login / Sign In' }).getAttribute('href'), '/login');
    await shot(page, 'visitor-login-prompt');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForTimeout(1_500);
    assert.deepEqual(favoriteCalls, [], 'a visitor asks the server nothing about favorites');

    await page.goto(`${BASE_URL}/watchlist`);
    await page.getByText('Please log in to view your watchlist. 🔒').waitFor();
    await shot(page, 'visitor-watchlist');
  });

  test('a new user signs up and logs in', async () => {
    await page.goto(`${BASE_URL}/signup`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const created = page.getByRole('dialog', { name: 'Account Created!' });
    await created.waitFor();
    await created.getByRole('button', { name: 'Go to Login' }).click();
    await page.waitForURL(`${BASE_URL}/login`);
    // The URL changes before the navigation's render commits: wait for the login form itself,
    // or the fields of the page being left could take the typing.
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('dialog', { name: 'Login Successful' }).waitFor();
    await page.waitForURL(`${BASE_URL}/`, { timeout: 5_000 });
    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).waitFor();
  });

  test('the user adds two movies to the watchlist from Browse', async () => {
    // A fresh load of Browse: the home page's Popular Movies tiles have asked for their
    // statuses already (and cached those of Browse's first tiles).
    const earlier = statusCalls().length;
    await page.goto(`${BASE_URL}/browse`);
    await page.getByRole('heading', { level: 1, name: 'Popular movies' }).waitFor();
    await cards().nth(1).waitFor();
    const tiles = await cards().count();
    // All tiles' status questions go out together as one call, 300 ms after the page settles.
    for (let waited = 0; statusCalls().length === earlier && waited < 5_000; waited += 100) await page.waitForTimeout(100);
    await page.waitForTimeout(1_200); // time enough for a (wrong) second call
    const browseCalls = statusCalls().slice(earlier);
    assert.equal(browseCalls.length, 1, 'one status call for the whole page');
    assert.equal(idsOf(browseCalls[0] ?? { path: '' }).length, tiles);

    const first = cards().nth(0);
    const second = cards().nth(1);
    added.first = await titleOf(first);
    added.second = await titleOf(second);
    added.firstId = ((await first.getByRole('link').first().getAttribute('href')) ?? '').split('/').at(-1) ?? '';
    const firstButton = first.getByRole('button', { name: 'Watchlist' });
    const secondButton = second.getByRole('button', { name: 'Watchlist' });
    assert.equal(await firstButton.getAttribute('aria-pressed'), 'false');

    await firstButton.click();
    await waitForPressed(firstButton, true);
    // An impatient double-click adds once and stays added.
    await secondButton.dblclick();
    await waitForPressed(secondButton, true);
    await page.waitForTimeout(1_000);
    assert.equal(await secondButton.getAttribute('aria-pressed'), 'true');
    const writes = favoriteCalls.filter((call) => call.method !== 'GET');
    assert.deepEqual(
      writes.map((call) => `${call.method} ${call.path.replace(/^\/api(\/v1)?/, '')}`),
      ['POST /favorites', 'POST /favorites'],
    );
    await shot(page, 'browse-two-added');
  });

  test('the watchlist page shows both movies', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('link', { name: 'Watchlist' }).click();
    await page.waitForURL(`${BASE_URL}/watchlist`);
    await page.getByRole('heading', { level: 1, name: `${username}'s Watchlist` }).waitFor();
    const list = page.getByRole('list', { name: 'Movies on your watchlist' });
    const items = list.getByRole('listitem');
    assert.equal(await items.count(), 2);
    const text = await list.innerText();
    assert.ok(text.includes(added.first), `the watchlist shows ${added.first}`);
    assert.ok(text.includes(added.second), `the watchlist shows ${added.second}`);
    // Each entry's bar shows it as on the watchlist.
    for (let index = 0; index < 2; index += 1) {
      await waitForPressed(items.nth(index).getByRole('button', { name: 'Watchlist' }), true);
    }
    await shot(page, 'watchlist-two');
  });

  test('the user removes one on its Movie page, and it stays removed after a reload', async () => {
    await page.goto(`${BASE_URL}/movie/${added.firstId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const slot = page.getByTestId('movie-actions-slot');
    const button = slot.getByRole('button', { name: 'Watchlist' });
    await waitForPressed(button, true);
    await shot(page, 'movie-on-watchlist');
    const removal = page.waitForResponse(
      (response) => response.request().method() === 'DELETE' && response.url().includes('/favorites/'),
    );
    await button.click();
    await waitForPressed(button, false);
    assert.equal((await removal).status(), 204);
    await shot(page, 'movie-removed');

    const status = page.waitForResponse((response) => response.url().includes('/favorites/status/'));
    await page.reload();
    await status;
    await page.getByTestId('movie-actions-slot').getByRole('button', { name: 'Watchlist' }).waitFor();
    await page.waitForTimeout(200);
    assert.equal(await page.getByTestId('movie-actions-slot').getByRole('button', { name: 'Watchlist' }).getAttribute('aria-pressed'), 'false');
  });

  test('the watchlist shows the change after a reload', async () => {
    await page.goto(`${BASE_URL}/watchlist`);
    await page.getByRole('heading', { level: 1, name: `${username}'s Watchlist` }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `${username}'s Watchlist` }).waitFor();
    const list = page.getByRole('list', { name: 'Movies on your watchlist' });
    await list.waitFor();
    assert.equal(await list.getByRole('listitem').count(), 1);
    const text = await list.innerText();
    assert.ok(text.includes(added.second));
    assert.ok(!text.includes(added.first));
    await shot(page, 'watchlist-after-reload');

  });

  test('a heart on the watchlist page puts the movie on the public favorites page', async () => {
    const list = page.getByRole('list', { name: 'Movies on your watchlist' });
    const heart = list.getByRole('listitem').first().getByRole('button', { name: 'Favorite' });
    await waitForPressed(heart, false);
    await heart.click();
    await waitForPressed(heart, true);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('link', { name: 'Favorites' }).click();
    await page.getByRole('heading', { level: 1, name: `${username}'s Favorites` }).waitFor();
    const favorites = page.getByRole('list', { name: `${username}'s favorite movies` });
    await favorites.waitFor();
    assert.equal(await favorites.getByRole('listitem').count(), 1);
    assert.ok((await favorites.innerText()).includes(added.second));
    await waitForPressed(favorites.getByRole('button', { name: 'Favorite' }), true);
    // Still on the watchlist too: the heart did not disturb the bookmark.
    await waitForPressed(favorites.getByRole('button', { name: 'Watchlist' }), true);
    await shot(page, 'favorites-page');

    // No status call ever carried more than 100 ids, and nothing went wrong on the pages.
    assert.ok(statusCalls().every((call) => idsOf(call).length <= 100));
    assert.deepEqual(errors, []);
  });
});
