// The product in Finnish, in a real browser (issue 11): an English first visit switches to
// Finnish from the header, signs up meeting the form's and the server's objections in Finnish,
// logs in, writes a review dated the Finnish way, and stays Finnish after a reload.
// Run: BASE_URL=http://127.0.0.1:8080 npm run e2e   (screenshots in test-results/finnish/)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BASE_URL, VIEWPORT, launch, screenshotter, skipReason } from './browser.mjs';

const skip = skipReason();
if (skip) console.log(`SKIPPED: browser journeys — ${skip}`);

describe('Finnish journey', { skip: skip ?? false }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {import('playwright-core').Page} */
  let page;
  const shot = screenshotter(VIEWPORT.width < 600 ? 'finnish-mobile' : 'finnish');
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const username = `fi_${suffix}`;
  const email = `fi.${suffix}@example.fi`;
  const password = 'sauna-ja-leffa-2025';
  const text = `Hieno elokuva, katsoin sen kahdesti — ${suffix}`;
  /** @type {string[]} */
  const errors = [];
  let movieId = 0;

  const lang = () => page.evaluate(() => document.documentElement.lang);
  const banner = () => page.getByRole('banner');

  before(async () => {
    browser = await launch();
    // An English browser: the switch, not the browser, makes this visit Finnish.
    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' });
    context.setDefaultTimeout(10_000);
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    const popular = await (await fetch(`${BASE_URL}/api/v1/tmdb/popular?language=fi-FI`)).json();
    // Not the movie another journey reviews (reviews: [0], groups: [1]): they may share a server.
    movieId = popular.results[5].id;
  });

  after(async () => {
    await browser?.close();
  });

  test('an English first visit switches to Finnish from the header', async () => {
    await page.goto(`${BASE_URL}/`);
    await banner().getByRole('link', { name: 'Login / Sign In' }).waitFor();
    assert.equal(await lang(), 'en');

    await banner().getByRole('button', { name: 'Suomi' }).click();
    await banner().getByRole('link', { name: 'Kirjaudu sisään' }).waitFor();
    assert.equal(await lang(), 'fi');
    assert.equal(await banner().getByRole('button', { name: 'Suomi' }).getAttribute('aria-pressed'), 'true');
    await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Etusivu' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('language')), 'fi');
    await shot(page, 'home-in-finnish');
  });

  test('signing up meets the form’s and the server’s objections in Finnish', async () => {
    await banner().getByRole('link', { name: 'Kirjaudu sisään' }).click();
    await page.getByRole('heading', { name: 'Tervetuloa takaisin' }).waitFor();
    await page.getByRole('link', { name: 'Luo tili' }).click();
    await page.waitForURL(`${BASE_URL}/signup`);
    await page.getByRole('heading', { name: 'Luo tili' }).waitFor();
    assert.equal(await page.title(), 'Rekisteröidy · Leffaseura');

    // Empty: every field says what it needs.
    await page.getByRole('button', { name: 'Rekisteröidy' }).click();
    await page.getByText('Anna käyttäjätunnus.').waitFor();
    await page.getByText('Anna sähköpostiosoite.').waitFor();
    await page.getByText('Anna salasana.').waitFor();
    await shot(page, 'signup-empty');

    await page.getByLabel('Käyttäjätunnus').fill(username);
    await page.getByLabel('Sähköposti').fill(email);
    await page.getByLabel('Salasana').fill('lyhyt');
    await page.getByRole('button', { name: 'Rekisteröidy' }).click();
    await page.getByText('Salasanan on oltava vähintään 8 merkkiä pitkä.').waitFor();

    // The server refuses the address by code; the reader gets the Finnish text, not its English message.
    await page.getByLabel('Sähköposti').fill('ei-sahkopostiosoite');
    await page.getByLabel('Salasana').fill(password);
    await page.getByRole('button', { name: 'Rekisteröidy' }).click();
    const failed = page.getByRole('alertdialog', { name: 'Rekisteröityminen epäonnistui' }).or(
      page.getByRole('dialog', { name: 'Rekisteröityminen epäonnistui' }),
    );
    await failed.waitFor();
    const said = await failed.innerText();
    assert.match(said, /Sähköpostiosoite ei kelpaa\./);
    assert.doesNotMatch(said, /not valid/i);
    await shot(page, 'signup-server-refuses');
    await page.keyboard.press('Escape');
    await failed.waitFor({ state: 'detached' });

    await page.getByLabel('Sähköposti').fill(email);
    await page.getByRole('button', { name: 'Rekisteröidy' }).click();
    const created = page.getByRole('dialog', { name: 'Tili luotu!' });
    await created.waitFor();
    await shot(page, 'account-created');
    await created.getByRole('button', { name: 'Kirjautumaan' }).click();
    await page.waitForURL(`${BASE_URL}/login`);
    await page.getByRole('heading', { name: 'Tervetuloa takaisin' }).waitFor();

    await page.getByLabel('Sähköposti').fill(email);
    await page.getByLabel('Salasana').fill(password);
    await page.getByRole('main').getByRole('button', { name: 'Kirjaudu sisään', exact: true }).click();
    await page.getByRole('dialog', { name: 'Kirjautuminen onnistui' }).waitFor();
    await page.waitForURL(`${BASE_URL}/`, { timeout: 5_000 });
    await banner().getByRole('button', { name: new RegExp(`^${username}`) }).waitFor();
  });

  test('a review is written in Finnish and dated the Finnish way', async () => {
    // Other runs against this server may have reviewed the movie already.
    const before = await (await fetch(`${BASE_URL}/api/v1/reviews/movie/${movieId}?limit=1`)).json();
    const count = before.data.pagination.total + 1;
    await page.goto(`${BASE_URL}/movie/${movieId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const reviews = page.getByRole('region', { name: 'Yhteisön arvostelut' });
    const form = reviews.getByRole('region', { name: 'Kirjoita arvostelu' });
    await form.waitFor();

    await form.getByRole('button', { name: 'Julkaise arvostelu' }).click();
    await form.getByText('Kirjoita arvostelu ennen kuin julkaiset sen.').waitFor();

    await form.getByLabel('Arvostelusi').fill(text);
    await form.getByRole('radio', { name: '4 tähteä' }).locator('xpath=..').click();
    assert.equal(await form.getByRole('radio', { name: '4 tähteä' }).isChecked(), true);
    await form.getByRole('button', { name: 'Julkaise arvostelu' }).click();

    const review = reviews.getByRole('article', { name: `Arvostelija: ${username}` });
    await review.waitFor();
    // ICU plurals: "1 arvostelu", "2 arvostelua".
    await reviews.getByText(count === 1 ? '1 arvostelu' : `${count} arvostelua`, { exact: true }).waitFor();
    const today = new Intl.DateTimeFormat('fi-FI', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Helsinki' }).format(new Date());
    assert.match(today, /^\d{1,2}\. \p{L}+ta \d{4}$/u, `a Finnish long date, e.g. "26. marraskuuta 2026": ${today}`);
    assert.equal(await review.locator('time').innerText(), today);
    await review.getByRole('img', { name: 'Arvosana 4/5' }).waitFor();
    await shot(page, 'review-posted');
  });

  test('a reload stays Finnish', async () => {
    await page.reload();
    await page.getByRole('region', { name: 'Yhteisön arvostelut' }).getByRole('article', { name: `Arvostelija: ${username}` }).waitFor();
    assert.equal(await lang(), 'fi');
    await banner().getByRole('button', { name: new RegExp(`^${username}`) }).waitFor();
    await banner().getByRole('button', { name: 'Suomi', pressed: true }).waitFor();
    await shot(page, 'after-reload');
    assert.deepEqual(errors, []);
  });
});
