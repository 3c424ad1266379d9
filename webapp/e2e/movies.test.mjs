// The movies journey in a real browser: search from the navbar, filter by genre, page
// forward (and back with the browser), open a movie, copy its link; an unknown movie.
// Works on the offline demo catalog (no TMDB key) and on TMDB itself.
// Run: BASE_URL=http://127.0.0.1:8080 node --test e2e/movies.test.mjs   (screenshots in test-results/movies/)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BASE_URL, VIEWPORT, launch, screenshotter, skipReason } from './browser.mjs';

const skip = skipReason();
if (skip) console.log(`SKIPPED: browser journeys — ${skip}`);

describe('movies journey', { skip: skip ?? false }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {import('playwright-core').BrowserContext} */
  let context;
  /** @type {import('playwright-core').Page} */
  let page;
  const shot = screenshotter(VIEWPORT.width < 600 ? 'movies-mobile' : 'movies');
  /** @type {string[]} */
  const errors = [];
  const query = 'the';
  let genreName = '';
  /** @type {string[]} */
  let firstPageTitles = [];

  before(async () => {
    browser = await launch();
    context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    context.setDefaultTimeout(10_000);
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
  });

  after(async () => {
    await browser?.close();
  });

  const pager = () => page.getByRole('navigation', { name: 'Pages' });
  const heading = () => page.getByRole('heading', { level: 1 });
  const cards = () => page.getByTestId('movie-card');
  // Text content, not inner text: Browse's tiles below the screen are not rendered until
  // scrolled near (content-visibility), and an element not rendered has no inner text.
  const cardTitles = () => cards().getByTestId('movie-card-title').allTextContents();

  /** Waits for the grid to show a settled page of results. */
  async function waitForResults() {
    await page.getByRole('status').filter({ hasText: 'Loading movies…' }).waitFor({ state: 'detached' });
    await cards().first().waitFor();
    await loadImages();
  }

  /** Scrolls through the page so lazy posters load, and waits for them (for the screenshots). */
  async function loadImages() {
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    await page.evaluate(() => window.scrollTo(0, 0));
  }

  test('a visitor searches from the navbar', async () => {
    await page.goto(`${BASE_URL}/`);
    const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search movies' });
    await search.fill(query);
    await search.press('Enter');
    await page.waitForURL(`${BASE_URL}/browse?q=${query}`);
    await heading().filter({ hasText: `Hakutulokset haulle “${query}”` }).waitFor();
    await waitForResults();
    const count = await cards().count();
    assert.ok(count > 0 && count <= 16, `a page holds 1–16 movies, got ${count}`);
    assert.equal(await page.getByLabel('Movie title').inputValue(), query);
    await shot(page, 'search-results');
  });

  test('a search that finds nothing says so in Finnish', async () => {
    await page.getByLabel('Movie title').fill('zzqxv');
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    await heading().filter({ hasText: 'Ei tuloksia haulle “zzqxv”' }).waitFor();
    assert.equal(await cards().count(), 0);
    await shot(page, 'no-results');
    await page.goBack();
    await heading().filter({ hasText: `Hakutulokset haulle “${query}”` }).waitFor();
  });

  test('the visitor filters by a genre', async () => {
    const chip = page.getByRole('button', { name: 'Drama', exact: true });
    genreName = 'Drama';
    await chip.click();
    await page.waitForURL(/\/browse\?genres=\d+$/);
    await heading().filter({ hasText: `${genreName} movies` }).waitFor();
    assert.equal(await page.getByRole('button', { name: /Drama/ }).getAttribute('aria-pressed'), 'true');
    await waitForResults();
    assert.equal(await cards().count(), 16);
    firstPageTitles = await cardTitles();
    await page.getByText(/· page 1 of \d+/).waitFor();
    await shot(page, 'genre-filter');
  });

  test('the visitor pages forward, and Back returns to the first page', async () => {
    await page.getByRole('button', { name: /Next/ }).click();
    await page.waitForURL(/\/browse\?genres=\d+&page=2$/);
    await pager().getByText('Page 2 of').waitFor();
    await waitForResults();
    const secondPageTitles = await cardTitles();
    assert.ok(secondPageTitles.length > 0);
    assert.equal(
      secondPageTitles.filter((title) => firstPageTitles.includes(title)).length,
      0,
      'page 2 repeats no movie of page 1',
    );
    await shot(page, 'genre-page-2');

    await page.reload();
    await pager().getByText('Page 2 of').waitFor();
    await waitForResults();
    assert.deepEqual(await cardTitles(), secondPageTitles, 'a reload keeps the page');

    await page.goBack();
    await pager().getByText('Page 1 of').waitFor();
    await waitForResults();
    assert.deepEqual(await cardTitles(), firstPageTitles);
    await page.goForward();
    await pager().getByText('Page 2 of').waitFor();
    await waitForResults();
  });

  test('the visitor opens a movie', async () => {
    const first = cards().first().getByRole('link');
    const title = (await first.getByTestId('movie-card-title').textContent()) ?? '';
    await first.click();
    await page.waitForURL(/\/movie\/\d+$/);
    await heading().filter({ hasText: title }).waitFor();
    await page.getByRole('complementary', { name: 'Facts' }).waitFor();
    await page.getByRole('list', { name: 'Cast' }).waitFor();
    await page.getByRole('list', { name: 'Key crew' }).waitFor();
    const runtime = await page.getByRole('term').filter({ hasText: 'Runtime' }).locator('+ dd').innerText();
    assert.match(runtime, /^(\d+ h( \d+ min)?|\d+ min|—)$/);
    const budget = await page.getByRole('term').filter({ hasText: 'Budget' }).locator('+ dd').innerText();
    assert.match(budget, /^(\$\d{1,3}(,\d{3})*|—)$/);
    for (const slot of ['movie-actions-slot', 'movie-group-slot', 'movie-reviews-slot']) {
      assert.equal(await page.getByTestId(slot).count(), 1, `${slot} is there`);
    }
    await loadImages();
    assert.equal(await page.title(), `${title} · Leffaseura`);
    await shot(page, 'movie-page');
  });

  test("the visitor copies the movie's link", async () => {
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('button', { name: 'Link copied!' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, page.url());
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'link-copied');
    // The feedback goes back after a moment.
    await page.getByRole('button', { name: 'Copy link' }).waitFor({ timeout: 4_000 });
  });

  test('the cast carousel scrolls with the keyboard', async () => {
    const cast = page.getByRole('list', { name: 'Cast' });
    const scrollable = await cast.evaluate((el) => el.scrollWidth > el.clientWidth);
    if (!scrollable) return; // a short cast fits on the screen
    await cast.focus();
    await page.keyboard.press('ArrowRight');
    // The strip itself (its heading's id comes from useId, so no fixed selector names it).
    await page.waitForFunction((strip) => (strip?.scrollLeft ?? 0) > 0, await cast.elementHandle());
  });

  test('an unknown movie is not found', async () => {
    await page.goto(`${BASE_URL}/movie/999999999`);
    await heading().filter({ hasText: 'Movie not found' }).waitFor();
    await shot(page, 'movie-not-found');
    assert.deepEqual(errors, []);
  });
});
