// The groups journey with three people in three browsers: the owner creates a private group;
// a second user asks to join, the owner approves and promotes them to moderator; the
// moderator adds a movie to the group favorites from its Movie page; a third user asks to
// join and the moderator lets them in; the third user reviews that movie and the review shows
// in the group's activity; the moderator leaves; the owner hands the group to the third user
// and stays on as a moderator, with every step in the moderation log. Along the way: the
// visitor's view, the homepage's Most Popular Groups and the profile's My groups.
// Run: BASE_URL=http://127.0.0.1:8080 node --test e2e/groups.test.mjs   (screenshots in test-results/groups/)
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

describe('groups journey', { skip: skip ?? false }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {Record<'owner' | 'second' | 'third', import('playwright-core').Page>} */
  const pages = /** @type {any} */ ({});
  /** @type {Record<'owner' | 'second' | 'third', { username: string, email: string, password: string, id: number }>} */
  const users = /** @type {any} */ ({});
  const shoot = screenshotter(VIEWPORT.width < 600 ? 'groups-mobile' : 'groups');
  /** Full-page shots from the top, so the sticky header stays where a reader sees it. */
  const shot = async (/** @type {import('playwright-core').Page} */ page, /** @type {string} */ step) => {
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    return shoot(page, step);
  };
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const groupName = `Yökerho ${suffix}`;
  /** @type {string[]} */
  const errors = [];
  let groupId = 0;
  let movieId = 0;
  let movieTitle = '';

  before(async () => {
    browser = await launch();
    for (const who of /** @type {const} */ (['owner', 'second', 'third'])) {
      users[who] = await register(`gr_${who.slice(0, 3)}_${suffix}`);
      const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' });
      context.setDefaultTimeout(10_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(`${who}: ${error.message}`));
      pages[who] = page;
    }
    const popular = await (await fetch(`${BASE_URL}/api/v1/tmdb/popular`)).json();
    movieId = popular.results[1].id;
    movieTitle = popular.results[1].title;
  });

  after(async () => {
    await browser?.close();
  });

  async function login(/** @type {'owner' | 'second' | 'third'} */ who) {
    const page = pages[who];
    await page.goto(`${BASE_URL}/login`);
    await page.getByLabel('Email').fill(users[who].email);
    await page.getByLabel('Password').fill(users[who].password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('dialog', { name: 'Login Successful' }).waitFor();
    await page.waitForURL(`${BASE_URL}/`, { timeout: 5_000 });
  }

  async function openGroup(/** @type {import('playwright-core').Page} */ page, search = '') {
    await page.goto(`${BASE_URL}/groups/${groupId}${search}`);
    await page.getByRole('heading', { level: 1, name: groupName }).waitFor();
  }

  const panel = (/** @type {import('playwright-core').Page} */ page) => page.getByRole('region', { name: 'Your membership' });
  const toast = (/** @type {import('playwright-core').Page} */ page, /** @type {string} */ text) =>
    page.getByTestId('toaster').getByText(text, { exact: true });

  async function openMembers(/** @type {import('playwright-core').Page} */ page) {
    await panel(page).getByRole('button', { name: 'Members' }).click();
    const dialog = page.getByRole('dialog', { name: `Members of ${groupName}` });
    await dialog.getByRole('list', { name: 'Members' }).waitFor();
    return dialog;
  }

  test('a visitor sees the groups page and is asked to log in to create one', async () => {
    const page = pages.owner;
    await page.goto(`${BASE_URL}/groups`);
    await page.getByRole('heading', { level: 1, name: 'Groups' }).waitFor();
    await page.getByRole('link', { name: 'Create Group' }).first().click();
    await page.waitForURL(`${BASE_URL}/groups/create`);
    await page.getByText('You must be logged in to create a group.').waitFor();
    await shot(page, 'visitor-create-prompt');
  });

  test('the owner creates a private group: a name is required', async () => {
    await login('owner');
    const page = pages.owner;
    await page.goto(`${BASE_URL}/groups/create`);
    await page.getByRole('heading', { level: 1, name: 'Create Group' }).waitFor();
    await page.getByRole('checkbox', { name: 'Drama' }).waitFor();
    await page.getByRole('button', { name: 'Create Group' }).click();
    await page.getByText('Please give the group a name.').waitFor();

    await page.getByLabel('Name').fill(`  ${groupName} `);
    await page.getByLabel('Description').fill('Late-night films, slow cinema and the odd midnight horror. We watch, then talk it over.');
    await page.getByText('Purple', { exact: true }).click();
    await page.getByText('Drama', { exact: true }).click();
    await page.getByText('Horror', { exact: true }).click();
    await page.getByRole('radio', { name: /Private/ }).check();
    await shot(page, 'create-form');
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/groups'));
    await page.getByRole('button', { name: 'Create Group' }).click();
    const response = await created;
    assert.equal(response.status(), 201);
    groupId = (await response.json()).group.id;
    await page.waitForURL(`${BASE_URL}/groups/${groupId}`);
    await page.getByRole('heading', { level: 1, name: groupName }).waitFor();
    await panel(page).getByText('You own this group.').waitFor();
    await page.getByText('Drama, Horror').waitFor();
    assert.match((await page.getByRole('article').getAttribute('class')) ?? '', /theme-purple/);
    const facts = page.getByRole('complementary', { name: 'Facts' });
    await facts.getByRole('link', { name: users.owner.username }).waitFor();
    assert.equal(await facts.getByRole('link', { name: users.owner.username }).getAttribute('href'), `/profile/${users.owner.id}`);
    await page.getByText('No movies yet in favorites.').waitFor();
    await shot(page, 'owner-created');
  });

  test('the second user asks to join; pending sees no favorites', async () => {
    await login('second');
    const page = pages.second;
    await openGroup(page);
    await page.getByText('This group’s favorites and activity are visible to members only.').waitFor();
    await shot(page, 'outsider-view');
    await panel(page).getByRole('button', { name: 'Request to Join' }).click();
    await toast(page, 'Join request sent. Please wait for approval.').waitFor();
    await panel(page).getByText('Your join request is waiting for approval.').waitFor();
    await panel(page).getByRole('button', { name: 'Withdraw Request' }).waitFor();
    await shot(page, 'second-pending');
  });

  test('the owner approves the request and promotes them to moderator', async () => {
    const page = pages.owner;
    await openGroup(page);
    const requests = panel(page).getByRole('list', { name: 'Join requests' });
    // Long usernames are shortened in lists; the buttons carry the whole name.
    const approve = requests.getByRole('button', { name: `Approve the join request of ${users.second.username}` });
    await approve.waitFor();
    await shot(page, 'owner-sees-request');
    await approve.click();
    await toast(page, 'Request approved.').waitFor();
    await panel(page).getByText('No pending requests.').waitFor();

    const dialog = await openMembers(page);
    await dialog.getByRole('button', { name: `Promote ${users.second.username} to moderator` }).click();
    await toast(page, 'Member promoted to moderator.').waitFor();
    await dialog.getByRole('button', { name: `Demote ${users.second.username} to member` }).waitFor();
    await shoot(page, 'owner-members-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  test('the moderator adds a group favorite from the Movie page', async () => {
    const page = pages.second;
    await page.goto(`${BASE_URL}/movie/${movieId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const select = page.getByRole('combobox', { name: 'Add to a group you run' });
    await select.waitFor();
    await page.getByRole('button', { name: 'Add to Group Favorites' }).click();
    await page.getByText('Please select a group first.').waitFor();
    await select.selectOption({ label: groupName });
    const added = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/favorites'));
    await page.getByRole('button', { name: 'Add to Group Favorites' }).click();
    assert.equal((await added).status(), 201);
    await toast(page, `Added to the favorites of ${groupName}.`).waitFor();
    await shot(page, 'moderator-adds-favorite');

    await openGroup(page);
    await panel(page).getByText('You are a moderator of this group.').waitFor();
    const favorites = page.getByRole('list', { name: `Favorite movies of ${groupName}` });
    await favorites.getByRole('link').first().waitFor();
    assert.equal(await favorites.getByRole('link').first().getAttribute('href'), `/movie/${movieId}`);
    await shot(page, 'group-favorites');
  });

  test('the third user asks to join and the moderator lets them in', async () => {
    await login('third');
    const third = pages.third;
    await openGroup(third);
    await panel(third).getByRole('button', { name: 'Request to Join' }).click();
    await toast(third, 'Join request sent. Please wait for approval.').waitFor();

    const moderator = pages.second;
    await openGroup(moderator);
    const requests = panel(moderator).getByRole('list', { name: 'Join requests' });
    await requests.getByRole('button', { name: `Approve the join request of ${users.third.username}` }).click();
    await toast(moderator, 'Request approved.').waitFor();

    await openGroup(third);
    await panel(third).getByText('You are a member of this group.').waitFor();
    await third.getByRole('list', { name: `Favorite movies of ${groupName}` }).waitFor();
  });

  test('the third user reviews the movie and the review shows in the group activity', async () => {
    const page = pages.third;
    await page.goto(`${BASE_URL}/movie/${movieId}`);
    const form = page.getByRole('region', { name: 'Write a review' });
    await form.waitFor();
    await form.getByLabel('Your review').fill('A night-time favourite of the whole club: moody, patient and beautifully shot.');
    await form.getByRole('radio', { name: '5 stars' }).locator('xpath=..').click();
    const posted = page.waitForResponse((r) => r.request().method() === 'POST' && /\/reviews$/.test(new URL(r.url()).pathname));
    await form.getByRole('button', { name: 'Post review' }).click();
    assert.equal((await posted).status(), 201);

    await openGroup(page, '?tab=activity');
    const activity = page.getByRole('list', { name: `Reviews by members of ${groupName}` });
    const review = activity.getByRole('article', { name: `Review of ${movieTitle}` });
    await review.waitFor();
    assert.ok((await review.innerText()).includes('A night-time favourite of the whole club'));
    await review.getByRole('button', { name: 'Edit' }).waitFor();
    await shot(page, 'group-activity');
  });

  test('the moderator leaves the group', async () => {
    const page = pages.second;
    await openGroup(page);
    await panel(page).getByRole('button', { name: 'Leave Group' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave group' });
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await toast(page, 'You have left the group.').waitFor();
    await panel(page).getByRole('button', { name: 'Request to Join' }).waitFor();
    await page.getByText('This group’s favorites and activity are visible to members only.').waitFor();
  });

  test('the owner hands the group to the third user and stays on as a moderator', async () => {
    const page = pages.owner;
    await openGroup(page);
    const dialog = await openMembers(page);
    assert.equal(await dialog.getByRole('button', { name: `Remove ${users.second.username} from the group` }).count(), 0, 'the moderator has left');
    await dialog.getByRole('button', { name: `Make ${users.third.username} the owner` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Transfer ownership' });
    await shoot(page, 'transfer-confirm');
    await confirm.getByRole('button', { name: 'Make owner' }).click();
    await toast(page, `${users.third.username} is now the owner of the group.`).waitFor();
    await page.keyboard.press('Escape');
    await panel(page).getByText('You are a moderator of this group.').waitFor();
    const facts = page.getByRole('complementary', { name: 'Facts' });
    await facts.getByRole('link', { name: users.third.username }).waitFor();

    await page.getByRole('tab', { name: 'Moderation log' }).click();
    const log = page.getByRole('list', { name: 'Moderation log' });
    await log.getByText(`${users.owner.username} handed the group over to ${users.third.username}`).waitFor();
    await log.getByText(`${users.owner.username} promoted ${users.second.username} to moderator`).waitFor();
    await shot(page, 'moderation-log');

    await openGroup(pages.third);
    await panel(pages.third).getByText('You own this group.').waitFor();
  });

  test('the homepage and the profile show the group', async () => {
    const page = pages.third;
    await page.goto(`${BASE_URL}/`);
    const popular = page.getByRole('region', { name: 'Most Popular Groups' });
    await popular.getByRole('link', { name: new RegExp(groupName.slice(0, 20)) }).first().waitFor();
    await popular.scrollIntoViewIfNeeded();
    await shoot(page, 'home-popular-groups');

    await page.goto(`${BASE_URL}/profile`);
    const mine = page.getByRole('list', { name: 'My groups' });
    await mine.getByTestId('group-card').first().waitFor();
    assert.match(await mine.innerText(), /Owner/);
    await shot(page, 'profile-my-groups');
  });

  test('the browse page finds the group', async () => {
    const page = pages.owner;
    await page.goto(`${BASE_URL}/groups?q=${encodeURIComponent(suffix)}`);
    const list = page.getByRole('list', { name: 'Groups' });
    await list.getByTestId('group-card').first().waitFor();
    assert.equal(await list.getByTestId('group-card').count(), 1);
    await shot(page, 'browse-search');
  });

  test('no page errors', () => {
    assert.deepEqual(errors, []);
  });
});
