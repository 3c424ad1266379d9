// The watch party journey in a real browser, against the server's offline demo feed: a
// moderator plans a party for one of tomorrow's Helsinki shows from the Showtimes page; a
// member finds it on the group page, answers Going and downloads the .ics.
// Run: BASE_URL=http://127.0.0.1:8080 npm run e2e   (screenshots in test-results/parties/)
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { BASE_URL, VIEWPORT, launch, screenshotter, skipReason } from './browser.mjs';

const skip = skipReason();
if (skip) console.log(`SKIPPED: browser journeys — ${skip}`);

const PASSWORD = 'elokuva-ilta-2025';

/** Calls the API as `token`'s user (setup the groups journey covers in the browser). */
async function call(/** @type {string} */ method, /** @type {string} */ path, /** @type {string | null} */ token, /** @type {unknown} */ body) {
  const response = await fetch(`${BASE_URL}/api/v1${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function register(/** @type {string} */ username) {
  const email = `${username}@example.fi`;
  const { status, body } = await call('POST', '/users/register', null, { username, email, password: PASSWORD });
  assert.equal(status, 201, `register ${username}`);
  return { username, email, token: /** @type {string} */ (body.token), id: /** @type {number} */ (body.user.id) };
}

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

describe('watch party journey', { skip: skip ?? false }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {Record<'moderator' | 'member', import('playwright-core').Page>} */
  const pages = /** @type {any} */ ({});
  /** @type {Record<'owner' | 'moderator' | 'member', { username: string, email: string, token: string, id: number }>} */
  const users = /** @type {any} */ ({});
  const shot = screenshotter(VIEWPORT.width < 600 ? 'parties-mobile' : 'parties');
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const groupName = `Perjantaileffa ${suffix}`;
  /** @type {string[]} */
  const errors = [];
  let groupId = 0;
  let showTitle = '';

  before(async () => {
    browser = await launch();
    for (const who of /** @type {const} */ (['owner', 'moderator', 'member'])) {
      users[who] = await register(`wp_${who.slice(0, 3)}_${suffix}`);
    }
    const created = await call('POST', '/groups', users.owner.token, { name: groupName, visibility: 'public' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    groupId = created.body.group.id;
    for (const who of /** @type {const} */ (['moderator', 'member'])) {
      const joined = await call('POST', `/groups/${groupId}/join`, users[who].token, {});
      assert.equal(joined.status, 201, JSON.stringify(joined.body));
    }
    const promoted = await call('PUT', `/groups/${groupId}/members/${users.moderator.id}/role`, users.owner.token, { role: 'moderator' });
    assert.equal(promoted.status, 200, JSON.stringify(promoted.body));
    for (const who of /** @type {const} */ (['moderator', 'member'])) {
      const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB', acceptDownloads: true });
      context.setDefaultTimeout(15_000);
      await context.addInitScript(() => localStorage.setItem('language', 'en'));
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(`${who}: ${error.message}`));
      pages[who] = page;
    }
  });

  after(async () => {
    await browser?.close();
  });

  async function login(/** @type {'moderator' | 'member'} */ who) {
    const page = pages[who];
    await page.goto(`${BASE_URL}/login`);
    await page.getByLabel('Email').fill(users[who].email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('dialog', { name: 'Login Successful' }).waitFor();
    await page.waitForURL(`${BASE_URL}/`, { timeout: 5_000 });
  }

  test('a moderator plans a watch party from a show on the Showtimes page', async () => {
    await login('moderator');
    const page = pages.moderator;
    await page.goto(`${BASE_URL}/schedule?area=1002&dt=${helsinkiTomorrow()}`);
    const show = page.getByTestId('show').first();
    await show.waitFor();
    showTitle = (await show.getByRole('heading', { level: 3 }).innerText()).trim();
    await show.getByRole('button', { name: `Plan a watch party: ${showTitle}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Plan a watch party' });
    await dialog.getByRole('combobox', { name: 'Group' }).selectOption({ label: groupName });
    await dialog.getByRole('textbox', { name: 'Meeting note' }).fill('Lobby bar, 30 minutes before');
    await shot(page, 'plan-dialog');
    await dialog.getByRole('button', { name: 'Create party' }).click();
    await page.getByText(`The watch party is on in ${groupName}.`).waitFor();
    await shot(page, 'planned');
  });

  test('a member answers Going and downloads the .ics', async () => {
    await login('member');
    const page = pages.member;
    // The homepage lists the member's next party.
    await page.getByTestId('my-parties').getByText(showTitle, { exact: false }).first().waitFor();
    await page.goto(`${BASE_URL}/groups/${groupId}`);
    await page.getByRole('heading', { level: 1, name: groupName }).waitFor();
    const party = page.getByTestId('party').first();
    await party.getByText('Lobby bar, 30 minutes before').waitFor();
    await party.getByRole('button', { name: 'Going', exact: true }).click();
    await party.getByText('1 going · 0 maybe · 0 not going').waitFor();
    assert.equal(await party.getByRole('button', { name: 'Going', exact: true }).getAttribute('aria-pressed'), 'true');
    await shot(page, 'answered');

    const [download] = await Promise.all([page.waitForEvent('download'), party.getByRole('button', { name: 'Add to calendar (.ics)' }).click()]);
    assert.match(download.suggestedFilename(), /^watch-party-\d+\.ics$/);
    const path = await download.path();
    assert.ok(path, 'the download is saved');
    const ics = await readFile(path, 'utf8');
    assert.match(ics, /^BEGIN:VCALENDAR\r\n/);
    assert.match(ics, /\r\nDTSTART;TZID=Europe\/Helsinki:\d{8}T\d{6}\r\n/);
    assert.match(ics, /\r\nLOCATION:/);
    assert.ok(ics.replace(/\r\n /g, '').includes(showTitle.replace(/[,;\\]/g, (c) => `\\${c}`)), 'the summary names the film');
    assert.deepEqual(errors, []);
  });
});
