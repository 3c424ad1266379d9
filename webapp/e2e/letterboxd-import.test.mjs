// The Letterboxd journey in a real browser (issue 13 §2): a new user uploads a small
// Letterboxd export in Settings, reads the dry-run summary, confirms, and finds the review on
// their profile and the film on their watchlist. Titles are from the demo catalog the e2e
// server runs with (Fight Club 1999, The Godfather 1972).
// Run: BASE_URL=http://127.0.0.1:8080 npm run e2e   (screenshots in test-results/letterboxd/)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BASE_URL, VIEWPORT, launch, screenshotter, skipReason } from './browser.mjs';

const skip = skipReason();
if (skip) console.log(`SKIPPED: browser journeys — ${skip}`);

const REVIEWS = [
  'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date',
  '2024-03-01,Fight Club,1999,https://boxd.it/e2e1,4.5,,The first rule of this import is you talk about it.,,',
  '',
].join('\n');
const WATCHLIST = ['Date,Name,Year,Letterboxd URI', '2024-03-02,The Godfather,1972,https://boxd.it/e2e2', ''].join('\n');
const RATINGS = ['Date,Name,Year,Letterboxd URI,Rating', '2024-03-03,Pulp Fiction,1994,https://boxd.it/e2e3,3.5', ''].join('\n');

describe('Letterboxd import journey', { skip: skip ?? false }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {import('playwright-core').Page} */
  let page;
  const shot = screenshotter(VIEWPORT.width < 600 ? 'letterboxd-mobile' : 'letterboxd');
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  /** @type {{ token: string; user: { id: number } }} */
  let session;
  /** @type {string[]} */
  const errors = [];

  before(async () => {
    browser = await launch();
    const registered = await fetch(`${BASE_URL}/api/v1/users/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: `lb_${suffix}`, email: `lb.${suffix}@example.fi`, password: 'letterboxd-2025' }),
    });
    assert.equal(registered.status, 201);
    session = await registered.json();
    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' });
    context.setDefaultTimeout(15_000);
    await context.addInitScript((stored) => {
      localStorage.setItem('language', 'en');
      localStorage.setItem('token', stored.token);
      localStorage.setItem('user', JSON.stringify(stored.user));
    }, session);
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
  });

  after(async () => {
    await browser?.close();
  });

  test('the user uploads the export and reads the dry run', async () => {
    await page.goto(`${BASE_URL}/settings`);
    const section = page.getByRole('region', { name: 'Import from Letterboxd' });
    await section.getByLabel('Letterboxd export (ZIP or CSV files)').setInputFiles([
      { name: 'reviews.csv', mimeType: 'text/csv', buffer: Buffer.from(REVIEWS) },
      { name: 'watchlist.csv', mimeType: 'text/csv', buffer: Buffer.from(WATCHLIST) },
      { name: 'ratings.csv', mimeType: 'text/csv', buffer: Buffer.from(RATINGS) },
    ]);
    await section.getByRole('button', { name: 'Upload' }).click();
    await section.getByText('2 items would be added').waitFor();
    await section.getByText('1 row skipped').waitFor();
    await shot(page, 'dry-run');
  });

  test('confirming adds the review and the watchlist entry', async () => {
    const section = page.getByRole('region', { name: 'Import from Letterboxd' });
    await section.getByRole('button', { name: 'Import 2 items' }).click();
    await section.getByText('Done: 2 items added.').waitFor();
    await shot(page, 'done');

    await section.getByRole('link', { name: 'See your watchlist' }).click();
    await page.getByText('The Godfather').first().waitFor();
    await shot(page, 'watchlist');

    await page.goto(`${BASE_URL}/profile`);
    await page.getByText('The first rule of this import is you talk about it.').first().waitFor();
    await shot(page, 'profile');
    assert.deepEqual(errors, []);
  });
});
