// The showtimes journey in a real browser, against the server's offline demo feed: a visitor
// picks Helsinki and tomorrow, sees the shows sorted by time (and the search in the URL),
// filters to 3D, opens a film from a show and finds its "In cinemas" list; then a new user
// with that film on their watchlist sees it under "From your watchlist, in cinemas near you"
// on the homepage and the watchlist page.
// Run: BASE_URL=http://127.0.0.1:8080 npm run e2e   (screenshots in test-results/showtimes/)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BASE_URL, VIEWPORT, launch, screenshotter, skipReason } from './browser.mjs';

const skip = skipReason();
if (skip) console.log(`SKIPPED: browser journeys — ${skip}`);

/** Tomorrow in Helsinki as dd.mm.yyyy. */
function helsinkiTomorrow() {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki', year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );
  const tomorrow = new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day) + 1));
  const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return `${pad(tomorrow.getUTCDate())}.${pad(tomorrow.getUTCMonth() + 1)}.${tomorrow.getUTCFullYear()}`;
}

describe('showtimes journey', { skip: skip ?? false }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {import('playwright-core').Page} */
  let page;
  const shot = screenshotter(VIEWPORT.width < 600 ? 'showtimes-mobile' : 'showtimes');
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  /** @type {string[]} */
  const errors = [];
  /** The film opened from a show: its TMDB id and title on the Movie page. */
  const film = { id: '', title: '' };

  before(async () => {
    browser = await launch();
    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' });
    context.setDefaultTimeout(15_000);
    // The journey reads English texts, whatever the machine's language.
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
  });

  after(async () => {
    await browser?.close();
  });

  const shows = () => page.getByTestId('show');

  test('a visitor picks Helsinki and tomorrow and sees the shows sorted by start time', async () => {
    await page.goto(`${BASE_URL}/schedule`);
    await page.getByRole('heading', { level: 1, name: 'Showtimes' }).waitFor();
    const area = page.getByLabel('Area', { exact: true });
    await area.locator('option', { hasText: /^Helsinki$/ }).waitFor({ state: 'attached' });
    await area.selectOption({ label: 'Helsinki' });
    await page.getByRole('group', { name: 'Quick dates' }).getByRole('button', { name: /Tomorrow/ }).click();

    const dt = helsinkiTomorrow();
    await page.waitForURL((url) => url.search === `?area=1002&dt=${dt}`);
    await shows().first().waitFor();
    const count = await shows().count();
    assert.ok(count >= 10, `a Helsinki day has plenty of shows (got ${count})`);
    const starts = await shows().evaluateAll((items) => items.map((item) => item.querySelector('time')?.getAttribute('datetime') ?? ''));
    const instants = starts.map((start) => new Date(start).getTime());
    assert.ok(instants.every((time) => !Number.isNaN(time)), 'every show has a start');
    assert.deepEqual(instants, [...instants].sort((a, b) => a - b), 'sorted by start time');
    assert.equal(await page.getByRole('button', { name: /Tomorrow/ }).getAttribute('aria-pressed'), 'true');
    await shot(page, 'helsinki-tomorrow');
  });

  test('the visitor filters to 3D', async () => {
    const before3d = await shows().count();
    await page.getByRole('button', { name: '3D', exact: true }).click();
    await page.getByRole('button', { name: '3D', exact: true }).and(page.locator('[aria-pressed="true"]')).waitFor();
    const count = await shows().count();
    assert.ok(count > 0 && count < before3d, `3D narrows the list (${before3d} → ${count})`);
    const formats = await shows().evaluateAll((items) => items.map((item) => item.textContent ?? ''));
    assert.ok(formats.every((text) => /3D/.test(text)), 'every show left is in 3D');
    await shot(page, 'filtered-3d');
    // Back to every format, so the next steps see the whole day.
    await page.getByRole('button', { name: '3D', exact: true }).click();
    await page.getByRole('button', { name: '3D', exact: true }).and(page.locator('[aria-pressed="false"]')).waitFor();
  });

  test('the visitor opens a film from a show and sees its "In cinemas" list', async () => {
    const link = shows().getByRole('heading').getByRole('link').first();
    film.id = ((await link.getAttribute('href')) ?? '').split('/').at(-1) ?? '';
    assert.match(film.id, /^\d+$/, 'a show links to its movie');
    await link.click();
    await page.waitForURL(`${BASE_URL}/movie/${film.id}`);
    film.title = (await page.locator('#movie-title').textContent())?.replace(/\s*\(\d{4}\)\s*$/, '').trim() ?? '';
    const inCinemas = page.getByRole('region', { name: 'In cinemas' });
    await inCinemas.getByTestId('movie-show').first().waitFor();
    // The area chosen on the Showtimes page is remembered.
    assert.equal(await inCinemas.getByLabel('Area', { exact: true }).inputValue(), '1002');
    assert.ok((await inCinemas.getByTestId('movie-show').count()) >= 1);
    await inCinemas.scrollIntoViewIfNeeded();
    await shot(page, 'movie-in-cinemas');
  });

  test('a user with that film on the watchlist sees it under "From your watchlist"', async () => {
    const username = `st_${suffix}`;
    const registered = await page.evaluate(
      async ({ username, email, password }) => {
        const response = await fetch('/api/v1/users/register', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username, email, password }),
        });
        const body = await response.json();
        localStorage.setItem('token', body.token);
        localStorage.setItem('user', JSON.stringify(body.user));
        return response.status;
      },
      { username, email: `st.${suffix}@example.fi`, password: 'elokuva-ilta-2025' },
    );
    assert.equal(registered, 201);

    await page.reload();
    const watchlistButton = page.getByRole('group', { name: `Actions for ${film.title}` }).getByRole('button', { name: /Watchlist/ });
    await watchlistButton.click();
    await watchlistButton.and(page.locator('[aria-pressed="true"]')).waitFor();

    await page.goto(`${BASE_URL}/`);
    const section = page.getByRole('region', { name: 'From your watchlist, in cinemas near you' });
    const card = section.getByTestId('watchlist-showing').first();
    await card.waitFor();
    assert.match((await card.textContent()) ?? '', /Next show/);
    assert.equal(await card.getByRole('link').getAttribute('href'), `/movie/${film.id}`);
    await shot(page, 'home-from-your-watchlist');

    await page.goto(`${BASE_URL}/watchlist`);
    await page.getByRole('region', { name: 'From your watchlist, in cinemas near you' }).getByTestId('watchlist-showing').first().waitFor();
    await shot(page, 'watchlist-page');
  });

  test('the pages raised no script errors', () => {
    assert.deepEqual(errors, []);
  });
});
