// The reviews journey with two people in two browsers: a visitor reads a movie's reviews and
// gets a login prompt; the author writes a review (empty text refused, 3 stars by default)
// and cannot react to it; a second user reads it in full, likes it, and sees the like kept
// after a reload; the home page lists it among the most recent reviews; the author's profile
// then shows aura 1 "Mostly Positive"; a link to the review scrolls to it; the author edits
// the rating in place and finally deletes the review. The reader reports the review on the way
// (a second report while it is open is refused) and finds it open under Settings → My reports.
// Run: BASE_URL=http://127.0.0.1:8080 node --test e2e/reviews.test.mjs   (screenshots in test-results/reviews/)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BASE_URL, VIEWPORT, launch, screenshotter, skipReason } from './browser.mjs';

const skip = skipReason();
if (skip) console.log(`SKIPPED: browser journeys — ${skip}`);

/** Registers an account through the API (the account journey covers the signup page). */
async function register(/** @type {string} */ username) {
  const email = `${username}@example.fi`;
  const password = 'elokuva-ilta-2025';
  const response = await fetch(`${BASE_URL}/api/v1/users/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, email, password }),
  });
  assert.equal(response.status, 201, `register ${username}`);
  const body = await response.json();
  return { username, email, password, id: /** @type {number} */ (body.user.id) };
}

describe('reviews journey', { skip: skip ?? false }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** The author's page and the reader's page, each in its own browser context. */
  /** @type {import('playwright-core').Page} */
  let author;
  /** @type {import('playwright-core').Page} */
  let reader;
  const shoot = screenshotter(VIEWPORT.width < 600 ? 'reviews-mobile' : 'reviews');
  /** Full-page shots from the top, so the sticky header stays where a reader sees it. */
  const shot = async (/** @type {import('playwright-core').Page} */ page, /** @type {string} */ step) => {
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    return shoot(page, step);
  };
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  /** @type {{ username: string, email: string, password: string, id: number }} */
  let authorUser;
  /** @type {{ username: string, email: string, password: string, id: number }} */
  let readerUser;
  /** @type {string[]} */
  const errors = [];
  let movieId = 0;
  let movieTitle = '';
  let reviewId = 0;
  const text =
    'A patient, luminous film that rewards a second viewing. The first hour sets up its world with care: ' +
    'every frame has a purpose, the score never shouts, and the actors trust the silences. The second half ' +
    'turns that patience into tension, and by the end the quiet choices of the opening pay off in a finale ' +
    'that is earned rather than announced. Bring a friend and stay for the credits.';

  before(async () => {
    browser = await launch();
    authorUser = await register(`rev_a_${suffix}`);
    readerUser = await register(`rev_b_${suffix}`);
    const popular = await (await fetch(`${BASE_URL}/api/v1/tmdb/popular`)).json();
    movieId = popular.results[0].id;
    movieTitle = popular.results[0].title;
    for (const which of ['author', 'reader']) {
      const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' });
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(`${which}: ${error.message}`));
      if (which === 'author') author = page;
      else reader = page;
    }
  });

  after(async () => {
    await browser?.close();
  });

  async function login(/** @type {import('playwright-core').Page} */ page, /** @type {{ email: string, password: string }} */ user) {
    await page.goto(`${BASE_URL}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('dialog', { name: 'Login Successful' }).waitFor();
    await page.waitForURL(`${BASE_URL}/`, { timeout: 5_000 });
  }

  /** The star a user clicks (the label around its visually hidden radio button). */
  const star = (/** @type {import('playwright-core').Locator} */ scope, /** @type {number} */ n) =>
    scope.getByRole('radio', { name: `${n} stars` }).locator('xpath=..');

  const section = (/** @type {import('playwright-core').Page} */ page) =>
    page.getByRole('region', { name: 'Community reviews' });

  async function openMovie(/** @type {import('playwright-core').Page} */ page, hash = '') {
    await page.goto(`${BASE_URL}/movie/${movieId}${hash}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await section(page).waitFor();
    await page.getByRole('status').filter({ hasText: 'Loading reviews…' }).waitFor({ state: 'detached' });
  }

  /** Scrolls to the reviews and waits for images, for the screenshots. */
  async function settle(/** @type {import('playwright-core').Page} */ page) {
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  }

  test('a visitor reads the reviews and gets a login prompt instead of the form', async () => {
    await openMovie(author);
    const reviews = section(author);
    await reviews.getByText(/^No reviews yet\./).waitFor();
    await reviews.getByText('Log in to write a review.').waitFor();
    assert.equal(await reviews.getByRole('link', { name: 'Login / Sign In' }).getAttribute('href'), '/login');
    assert.equal(await reviews.getByRole('textbox').count(), 0);
    await reviews.scrollIntoViewIfNeeded();
    await settle(author);
    await shot(author, 'visitor-prompt');
  });

  test('the author writes a review: text required, 3 stars by default', async () => {
    await login(author, authorUser);
    await openMovie(author);
    const form = section(author).getByRole('region', { name: 'Write a review' });
    await form.waitFor();
    assert.equal(await form.getByRole('radio', { name: '3 stars' }).isChecked(), true);
    await form.getByRole('button', { name: 'Post review' }).click();
    await form.getByText('Please write your review before posting it.').waitFor();
    await form.scrollIntoViewIfNeeded();
    await shot(author, 'form-empty-refused');

    await form.getByLabel('Your review').fill(text);
    await star(form, 4).click();
    assert.equal(await form.getByRole('radio', { name: '4 stars' }).isChecked(), true);
    const created = author.waitForResponse((r) => r.request().method() === 'POST' && /\/reviews$/.test(new URL(r.url()).pathname));
    await form.getByRole('button', { name: 'Post review' }).click();
    const response = await created;
    assert.equal(response.status(), 201);
    reviewId = (await response.json()).data.review.id;

    const review = section(author).getByRole('article', { name: `Review by ${authorUser.username}` });
    await review.waitFor();
    await section(author).getByText('You have reviewed this movie.').waitFor();
    assert.equal(await form.count(), 0, 'the form gives way to the review');
    await section(author).getByText('1 review', { exact: true }).waitFor();
    // Authors cannot react to their own review: disabled buttons with the reason as a tooltip.
    const like = review.getByRole('button', { name: /^Like/ });
    assert.equal(await like.isDisabled(), true);
    assert.equal(await like.getAttribute('title'), 'You cannot react to your own review');
    await section(author).scrollIntoViewIfNeeded();
    await shot(author, 'author-posted');
  });

  test('the second user reads the whole review and likes it; the like survives a reload', async () => {
    await login(reader, readerUser);
    await openMovie(reader);
    const review = section(reader).getByRole('article', { name: `Review by ${authorUser.username}` });
    await review.waitFor();
    // Longer than 300 characters: folded until "Read more".
    const more = review.getByRole('button', { name: 'Read more' });
    assert.ok(!(await review.innerText()).includes('stay for the credits'));
    await more.click();
    await review.getByText(/stay for the credits\.$/).waitFor();
    await review.getByRole('button', { name: 'Read less' }).waitFor();
    // A user who has not reviewed the movie gets the form.
    await section(reader).getByRole('region', { name: 'Write a review' }).waitFor();

    const like = review.getByRole('button', { name: /^Like/ });
    assert.equal(await like.getAttribute('aria-pressed'), 'false');
    const reacted = reader.waitForResponse((r) => r.url().includes(`/reviews/${reviewId}/interaction`));
    await like.click();
    assert.equal((await reacted).status(), 200);
    await review.locator('button[aria-pressed="true"]', { hasText: '1' }).waitFor();
    await review.scrollIntoViewIfNeeded();
    await shot(reader, 'reader-liked');

    await reader.reload();
    await section(reader).waitFor();
    const again = section(reader).getByRole('article', { name: `Review by ${authorUser.username}` });
    await again.waitFor();
    await again.getByRole('button', { name: /^Like/ }).and(reader.locator('[aria-pressed="true"]')).waitFor();
    assert.match(await again.getByRole('button', { name: /^Like/ }).innerText(), /\b1$/);
  });

  test('the reader reports the review, is thanked, and finds the report open under My reports', async () => {
    await openMovie(reader);
    const review = section(reader).getByRole('article', { name: `Review by ${authorUser.username}` });
    await review.getByRole('button', { name: `Report the review by ${authorUser.username}` }).click();
    const dialog = reader.getByRole('dialog', { name: `Report the review by ${authorUser.username}` });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'Spoilers' }).check();
    await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Tells how it ends.');
    await shot(reader, 'report-dialog');
    const filed = reader.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/reports'));
    await dialog.getByRole('button', { name: 'Send report' }).click();
    assert.equal((await filed).status(), 201);
    await reader.getByText('Thanks, a moderator will look at it.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Reporting it again while the first is open is refused, in the dialog.
    await review.getByRole('button', { name: `Report the review by ${authorUser.username}` }).click();
    const again = reader.getByRole('dialog', { name: `Report the review by ${authorUser.username}` });
    await again.getByRole('radio', { name: 'Spam' }).check();
    await again.getByRole('button', { name: 'Send report' }).click();
    await again.getByRole('alert').getByText('You have already reported this, and a moderator has not handled it yet.').waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();

    await reader.goto(`${BASE_URL}/settings`);
    const mine = reader.getByRole('list', { name: 'My reports' });
    await mine.waitFor();
    const row = mine.getByTestId('my-report').first();
    await row.getByText(`Review: ${authorUser.username} on ${movieTitle}`).waitFor();
    await row.getByText('Spoilers').waitFor();
    await row.getByText('Open').waitFor();
    await shot(reader, 'my-reports');
  });

  test('the home page shows popular movies, and the new review among the most recent', async () => {
    await reader.goto(`${BASE_URL}/`);
    const popular = reader.getByRole('region', { name: 'Popular Movies' });
    await popular.getByTestId('movie-card').first().waitFor();
    assert.ok((await popular.getByTestId('movie-card').count()) >= 1);
    const recent = reader.getByRole('region', { name: 'Most Recent Reviews' });
    const card = recent.locator(`a[href="/movie/${movieId}#review-${reviewId}"]`);
    await card.waitFor();
    const cardText = await card.innerText();
    assert.ok(cardText.includes(movieTitle), cardText);
    assert.ok(cardText.includes('A patient, luminous film'), cardText);
    await shot(reader, 'home-recent-review');
  });

  test("the author's profile shows aura 1 \"Mostly Positive\" and the review", async () => {
    await author.goto(`${BASE_URL}/profile`);
    await author.getByRole('heading', { level: 1, name: authorUser.username }).waitFor();
    const stats = author.getByLabel('Statistics');
    const aura = stats.locator('div', { has: author.getByText('Aura', { exact: true }) }).locator('dd');
    await aura.filter({ hasText: 'Mostly Positive' }).waitFor();
    assert.equal((await aura.textContent())?.replace(/\s+/g, ' ').trim(), 'Aura 1 · Mostly Positive');
    const likes = stats.locator('div', { has: author.getByText('Likes', { exact: true }) }).locator('dd');
    assert.match((await likes.innerText()).replace(/\s+/g, ' '), /^1\b/);
    const average = stats.locator('div', { has: author.getByText('Average rating', { exact: true }) }).locator('dd');
    assert.match(await average.innerText(), /^4\.0/);
    // Own profile: the Watchlist tab is there.
    const tabs = author.getByRole('tablist', { name: 'Profile sections' });
    assert.deepEqual(await tabs.getByRole('tab').allInnerTexts(), ['Profile', 'Activity', 'Reviews', 'Favorites', 'Watchlist']);
    await author.getByRole('list', { name: `Newest reviews by ${authorUser.username}` }).waitFor();
    await settle(author);
    await shot(author, 'author-profile');

    await tabs.getByRole('tab', { name: 'Activity' }).click();
    await author.getByRole('list', { name: `Activity of ${authorUser.username}` }).waitFor();
    await shot(author, 'author-activity');
  });

  test("the reader sees the author's profile without a Watchlist tab, and follows the review link", async () => {
    await reader.goto(`${BASE_URL}/profile/${authorUser.id}`);
    await reader.getByRole('heading', { level: 1, name: authorUser.username }).waitFor();
    const tabs = reader.getByRole('tablist', { name: 'Profile sections' });
    assert.deepEqual(await tabs.getByRole('tab').allInnerTexts(), ['Profile', 'Activity', 'Reviews', 'Favorites']);
    await tabs.getByRole('tab', { name: 'Reviews' }).click();
    const list = reader.getByRole('list', { name: `Reviews by ${authorUser.username}` });
    await list.waitFor();
    await settle(reader);
    await shot(reader, 'reader-sees-author-reviews');
    const link = list.getByRole('link', { name: new RegExp(movieTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first();
    assert.equal(await link.getAttribute('href'), `/movie/${movieId}#review-${reviewId}`);
    await link.click();
    await reader.waitForURL(`${BASE_URL}/movie/${movieId}#review-${reviewId}`);
    const target = reader.locator(`#review-${reviewId}`);
    await target.waitFor();
    await reader.waitForFunction((id) => {
      const element = document.getElementById(`review-${id}`);
      if (!element) return false;
      const box = element.getBoundingClientRect();
      return box.top >= 0 && box.top < window.innerHeight && document.activeElement === element;
    }, reviewId);
    assert.match((await target.getAttribute('class')) ?? '', /highlighted/);
    await shot(reader, 'linked-review-highlighted');
  });

  test('the author edits the rating in place, then deletes the review after a confirmation', async () => {
    await openMovie(author);
    const review = section(author).getByRole('article', { name: `Review by ${authorUser.username}` });
    await review.getByRole('button', { name: 'Edit' }).click();
    const editor = review.getByLabel('Edit your review');
    assert.equal(await editor.inputValue(), text);
    await star(review, 5).click();
    await review.scrollIntoViewIfNeeded();
    await shot(author, 'editing');
    await review.getByRole('button', { name: 'Save' }).click();
    await review.getByRole('img', { name: 'Rated 5 out of 5' }).waitFor();
    await section(author).getByText('5.0').waitFor();

    await review.getByRole('button', { name: 'Delete' }).click();
    const dialog = author.getByRole('alertdialog', { name: 'Delete review' });
    await dialog.waitFor();
    await shot(author, 'delete-confirm');
    const removed = author.waitForResponse((r) => r.request().method() === 'DELETE');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    assert.equal((await removed).status(), 204);
    await review.waitFor({ state: 'detached' });
    await section(author).getByRole('region', { name: 'Write a review' }).waitFor();
    await section(author).getByText(/^No reviews yet\./).waitFor();
    await shot(author, 'deleted');
  });

  test('no page errors', () => {
    assert.deepEqual(errors, []);
  });
});
