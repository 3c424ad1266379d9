// The account journey in a real browser: sign up, log in, change the bio in Settings (with
// the current-password dialog), log out, log in again and delete the account; a tab still
// holding the deleted account's session is told the session ended.
// Run: BASE_URL=http://127.0.0.1:8080 npm run e2e   (screenshots in test-results/account/)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BASE_URL, VIEWPORT, launch, screenshotter, skipReason } from './browser.mjs';

const skip = skipReason();
if (skip) console.log(`SKIPPED: browser journeys — ${skip}`);

describe('account journey', { skip: skip ?? false }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {import('playwright-core').Page} */
  let page;
  const shot = screenshotter(VIEWPORT.width < 600 ? 'account-mobile' : 'account');
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const username = `e2e_${suffix}`;
  const email = `e2e.${suffix}@example.fi`;
  const password = 'elokuva-ilta-2025';
  const bio = `Aki Kaurismäki and Finnish noir — ${suffix}`;
  /** @type {string[]} */
  const errors = [];

  before(async () => {
    browser = await launch();
    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' });
    context.setDefaultTimeout(10_000);
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
  });

  after(async () => {
    await browser?.close();
  });

  async function login() {
    await page.goto(`${BASE_URL}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('dialog', { name: 'Login Successful' }).waitFor();
  }

  async function openAccountMenu() {
    await page.getByRole('button', { name: 'Account menu' }).click();
  }

  test('a visitor signs up', async () => {
    await page.goto(`${BASE_URL}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Login / Sign In' }).click();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(`${BASE_URL}/signup`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await shot(page, 'signup-form');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    const dialog = page.getByRole('dialog', { name: 'Account Created!' });
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /Your account was created successfully\. Continue to login\?/);
    await shot(page, 'account-created');
    await dialog.getByRole('button', { name: 'Go to Login' }).click();
    await page.waitForURL(`${BASE_URL}/login`);
    // The URL changes before the navigation's render commits: wait for the login form itself,
    // or the fields of the page being left could take the typing.
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  });

  test('signing up twice is refused', async () => {
    await page.goto(`${BASE_URL}/signup`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'User Already Exists' });
    await dialog.waitFor();
    await shot(page, 'user-already-exists');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  test('the new user logs in and lands on the home page', async () => {
    await login();
    await shot(page, 'login-successful');
    // The dialog closes itself after 2 s and takes the user home.
    await page.waitForURL(`${BASE_URL}/`, { timeout: 5_000 });
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    assert.ok(await page.evaluate(() => localStorage.getItem('token')));
    await shot(page, 'home-logged-in');
  });

  test('the user changes the bio, confirming with the current password', async () => {
    await openAccountMenu();
    await shot(page, 'account-menu');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(`${BASE_URL}/settings`);

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('No changes to update.').waitFor();

    await page.getByLabel('Bio', { exact: true }).fill(bio);
    await page.getByRole('button', { name: 'Set Bio' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm bio change' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('Current password is required.').waitFor();
    await shot(page, 'current-password-required');

    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByRole('alert').waitFor();
    await shot(page, 'wrong-current-password');

    await dialog.getByLabel('Current password').fill(password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Bio updated.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await shot(page, 'bio-updated');

    await page.reload();
    await page.getByLabel('Bio', { exact: true }).waitFor();
    await page.waitForFunction((expected) => /** @type {HTMLTextAreaElement | null} */ (document.querySelector('#settings-bio'))?.value === expected, bio);

    await page.getByRole('button', { name: 'Set Bio' }).click();
    await page.getByText('Bio is unchanged.').waitFor();
  });

  test('the account menu and the logout dialog work from the keyboard', async () => {
    const burger = page.getByRole('button', { name: 'Account menu' });
    await burger.focus();
    await page.keyboard.press('Enter');
    assert.equal(await burger.getAttribute('aria-expanded'), 'true');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Profile');
    await page.keyboard.press('Escape');
    assert.equal(await burger.getAttribute('aria-expanded'), 'false');
    assert.equal(await burger.evaluate((element) => element === document.activeElement), true);

    await page.keyboard.press('Enter');
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Logout');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Logout' });
    await dialog.waitFor();
    // Focus starts on the safe choice; Escape cancels and focus returns to the menu button.
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Cancel');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await burger.evaluate((element) => element === document.activeElement), true);
    assert.ok(await page.evaluate(() => localStorage.getItem('token')));
  });

  test('the user logs out after confirming', async () => {
    await openAccountMenu();
    await page.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Logout' });
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /Are you sure you want to logout\?/);
    await shot(page, 'logout-confirm');
    await dialog.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Login / Sign In' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    assert.equal(await page.evaluate(() => localStorage.getItem('user')), null);
    await shot(page, 'logged-out');
  });

  test('the user logs in again and still has the new bio', async () => {
    await login();
    await page.waitForURL(`${BASE_URL}/`, { timeout: 5_000 });
    await page.goto(`${BASE_URL}/settings`);
    await page.waitForFunction((expected) => /** @type {HTMLTextAreaElement | null} */ (document.querySelector('#settings-bio'))?.value === expected, bio);
    await shot(page, 'settings-after-relogin');
  });

  /** The session's token and user, kept to play a second tab after the account is gone. */
  let oldSession = { token: '', user: '' };

  test('the user deletes the account', async () => {
    oldSession = await page.evaluate(() => ({ token: localStorage.getItem('token') ?? '', user: localStorage.getItem('user') ?? '' }));
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    await dialog.waitFor();
    await dialog.getByLabel('Current password').fill(password);
    await shot(page, 'delete-account-confirm');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await page.waitForURL(`${BASE_URL}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Login / Sign In' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    await shot(page, 'account-deleted');
  });

  test('a tab still holding the deleted account\'s session is told it ended, and offered the login', async () => {
    await page.evaluate((session) => {
      localStorage.setItem('token', session.token);
      localStorage.setItem('user', session.user);
    }, oldSession);
    await page.goto(`${BASE_URL}/settings`);
    const notice = page.getByRole('alert').filter({ hasText: 'Your session has ended. Please log in again.' });
    await notice.waitFor();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByText('Please log in to change your settings.').waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    assert.equal(await notice.getByRole('link', { name: 'Log in' }).getAttribute('href'), '/login');
    await shot(page, 'session-ended-notice');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
  });

  test('the deleted account can no longer log in', async () => {
    await page.goto(`${BASE_URL}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Login Failed' });
    await dialog.waitFor();
    await shot(page, 'login-failed-after-delete');
    await dialog.waitFor({ state: 'detached', timeout: 5_000 });
    assert.deepEqual(errors, []);
  });
});
