import { screen, within } from '@testing-library/react';
import { REVIEW_ERRORS } from '@/api/reviews';
import type { ActivityEntry } from '@/api/reviews';
import { makeReview, notFound } from '@/components/review/testing/review-fixtures';
import type { SessionUser } from '@/lib/auth-storage';
import { reply } from '@/testing/api-reply';
import { logIn, mockApi, renderWithProviders, testUser } from '@/testing/render';
import { ProfilePage } from './profile-page';

const mikko: SessionUser = {
  id: 5,
  username: 'mikko',
  user_bio: 'Kaurismäki and coffee.',
  created_at: '2025-10-14T18:03:00Z',
  review_count: 3,
  average_rating: 4,
  total_likes: 1,
  total_dislikes: 0,
  aura: 1,
  aura_label: 'Mostly Positive',
};

const reviews = [1, 2, 3].map((id) =>
  makeReview({ id, user_id: 5, movie_id: 600 + id, movie_name: `Film ${id}`, release_year: 2000 + id, content: `Thoughts ${id}` }),
);

// (The fake answers every limit with all three; the Profile tab shows two of them.)
const reviewPage = reply('/reviews/user/{user_id}', 'get', 200, {
  success: true,
  data: { reviews, pagination: { total: reviews.length, limit: 10, offset: 0, hasMore: false, nextCursor: null } },
});

const theirs = makeReview({ id: 9, user_id: 7, username: 'liisa', movie_id: 550, movie_name: 'Fight Club', release_year: 1999 });
const activityEntries: ActivityEntry[] = [
  { kind: 'reaction', created_at: '2025-10-20T10:00:00Z', reaction: 'like', review: theirs },
  { kind: 'reaction', created_at: '2025-10-19T10:00:00Z', reaction: 'dislike', review: { ...theirs, id: 8, movie_id: 551, movie_name: 'Film X' } },
  ...reviews.map((review) => ({ kind: 'review' as const, created_at: '2025-10-14T18:03:00Z', reaction: null, review })),
];

/** The Activity tab's pages: two entries each. */
function activityPage(offset: number) {
  const activity = activityEntries.slice(offset, offset + 2);
  const pagination = { total: activityEntries.length, limit: 10, offset, hasMore: offset + 2 < activityEntries.length };
  return reply('/reviews/user/{user_id}/activity', 'get', 200, { success: true, data: { activity, pagination } });
}

function favorites(total: number) {
  return reply('/favorites/user/{userId}/{type}', 'get', 200, { success: true, data: [], pagination: { total, limit: 8, offset: 0, hasMore: total > 8 } });
}

function fakeApi(user: SessionUser = mikko, activity: 'ok' | 'empty' | 'fail' = 'ok') {
  return mockApi(({ path, query }) => {
    if (path === `/reviews/user/${user.id}/activity`) {
      if (activity === 'fail') return { status: 500, body: { success: false, code: 'internal', message: 'Internal error' } };
      if (activity === 'empty') return reply('/reviews/user/{user_id}/activity', 'get', 200, { success: true, data: { activity: [], pagination: { total: 0, limit: 10, offset: 0, hasMore: false } } });
      return activityPage(Number(query.get('offset') ?? 0));
    }
    if (path === `/users/${user.id}`) return reply('/users/{id}', 'get', 200, { success: true, user });
    if (path === `/favorites/user/${user.id}/2`) return favorites(12);
    if (path === `/favorites/user/${user.id}/1`) return favorites(0);
    if (path === `/reviews/user/${user.id}`) return reviewPage;
    return notFound;
  });
}

function renderProfile(path: string) {
  return renderWithProviders(<ProfilePage />, { path, route: path.startsWith('/profile/') ? '/profile/:userId' : '/profile' });
}

/** The statistic's value and its small print, as "value | sub". */
function stat(name: string) {
  const term = within(screen.getByLabelText('Statistics')).getByText(name, { selector: 'dt' });
  const parts = Array.from(term.nextElementSibling?.children ?? []).map((part) => part.textContent);
  return parts.join(' | ');
}

describe('ProfilePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows a member's header, stats and newest two reviews, to visitors too", async () => {
    fakeApi();
    renderProfile('/profile/5');
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile…');
    expect(await screen.findByRole('heading', { level: 1, name: 'mikko' })).toBeInTheDocument();
    expect(screen.getByText('Member since 14 October 2025')).toBeInTheDocument();
    expect(screen.getByText('Kaurismäki and coffee.')).toBeInTheDocument();
    await vi.waitFor(() => expect(stat('Favorites')).toBe('12'));
    expect(stat('Likes')).toBe('1 | 0 dislikes');
    expect(stat('Average rating')).toBe('4.0 | from 3 reviews');
    expect(stat('Aura')).toBe('Aura 1 |  · Mostly Positive');
    expect(screen.getByText('Aura', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Aura 1 · Mostly Positive');
    expect(document.title).toBe("mikko's profile · Leffaseura");

    const newest = await screen.findByRole('list', { name: 'Newest reviews by mikko' });
    expect(within(newest).getAllByRole('article')).toHaveLength(2);
    expect(within(newest).getByRole('link', { name: 'Film 1 (2001)' })).toHaveAttribute('href', '/movie/601#review-1');
    expect(screen.getByRole('button', { name: 'See all 3 reviews' })).toBeInTheDocument();
  });

  it('writes "No reviews" for the average of a member without reviews, and the Neutral aura', async () => {
    fakeApi({ ...mikko, review_count: 0, average_rating: null, total_likes: 0, aura: 0, aura_label: 'Neutral' });
    renderProfile('/profile/5');
    await screen.findByRole('heading', { level: 1, name: 'mikko' });
    expect(stat('Average rating')).toBe('No reviews');
    expect(screen.getByText('Aura', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Aura 0 · Neutral');
  });

  it("shows no Watchlist tab on someone else's profile", async () => {
    logIn();
    fakeApi();
    renderProfile('/profile/5');
    const tabs = await screen.findByRole('tablist', { name: 'Profile sections' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Profile', 'Activity', 'Reviews', 'Favorites']);
  });

  it('shows the Watchlist tab on your own profile (/profile), with its list', async () => {
    logIn();
    const calls = fakeApi(testUser);
    const { user } = renderProfile('/profile');
    const tabs = await screen.findByRole('tablist', { name: 'Profile sections' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Activity',
      'Reviews',
      'Favorites',
      'Watchlist',
    ]);
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/settings');
    await user.click(within(tabs).getByRole('tab', { name: 'Watchlist' }));
    expect(await screen.findByText('Your watchlist is empty. 👀')).toBeInTheDocument();
    expect(calls.some((call) => call.path === `/favorites/user/${testUser.id}/1`)).toBe(true);
  });

  it('moves between tabs with the arrow keys, and lists all reviews on the Reviews tab', async () => {
    fakeApi();
    const { user, router } = renderProfile('/profile/5');
    const profileTab = await screen.findByRole('tab', { name: 'Profile' });
    expect(profileTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Profile');
    profileTab.focus();
    await user.keyboard('{ArrowRight}');
    const activity = screen.getByRole('tab', { name: 'Activity' });
    expect(activity).toHaveAttribute('aria-selected', 'true');
    expect(activity).toHaveFocus();
    const timeline = await screen.findByRole('list', { name: 'Activity of mikko' });
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(2);
    expect(within(timeline).getAllByRole('listitem')[0]).toHaveTextContent("mikko liked liisa's review of Fight Club (1999)");

    await user.keyboard('{ArrowRight}');
    expect(router.state.location.search).toBe('?tab=reviews');
    const all = await screen.findByRole('list', { name: 'Reviews by mikko' });
    expect(within(all).getAllByRole('article')).toHaveLength(3);
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Favorites' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  });

  it('lists reviews and reactions on the Activity tab, newest first, with "Load more"', async () => {
    const calls = fakeApi();
    const { user } = renderProfile('/profile/5?tab=activity');
    const timeline = await screen.findByRole('list', { name: 'Activity of mikko' });
    let items = within(timeline).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("mikko liked liisa's review of Fight Club (1999)");
    expect(items[0]).toHaveTextContent('20 October 2025');
    expect(within(timeline).getByRole('link', { name: 'Fight Club (1999)' })).toHaveAttribute('href', '/movie/550#review-9');
    expect(items[1]).toHaveTextContent("mikko disliked liisa's review of Film X");
    expect(screen.getByText('Showing 2 of 5')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(within(timeline).getAllByRole('listitem')).toHaveLength(4));
    items = within(timeline).getAllByRole('listitem');
    expect(items[2]).toHaveTextContent('mikko reviewed Film 1 (2001)');
    expect(items[2]).toHaveTextContent('Thoughts 1');
    expect(items[2]).toHaveTextContent('14 October 2025');
    expect(within(timeline).getByRole('link', { name: 'Film 1 (2001)' })).toHaveAttribute('href', '/movie/601#review-1');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(within(timeline).getAllByRole('listitem')).toHaveLength(5));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const offsets = calls.filter((call) => call.path === '/reviews/user/5/activity').map((call) => call.query.get('offset'));
    expect(offsets).toEqual(['0', '2', '4']);
  });

  it('says "No activity yet." without activity, and shows the error when it fails', async () => {
    fakeApi(mikko, 'empty');
    const { unmount } = renderProfile('/profile/5?tab=activity');
    expect(await screen.findByText('No activity yet.')).toBeInTheDocument();
    unmount();
    fakeApi(mikko, 'fail');
    renderProfile('/profile/5?tab=activity');
    expect(await screen.findByText(REVIEW_ERRORS.fetch, {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it("ignores ?tab=watchlist on someone else's profile", async () => {
    fakeApi();
    renderProfile('/profile/5?tab=watchlist');
    expect(await screen.findByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Watchlist' })).not.toBeInTheDocument();
  });

  it('asks visitors on /profile to log in, with a link to the login page', () => {
    const { router } = renderProfile('/profile');
    expect(screen.getByRole('heading', { name: 'Your profile' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to view your profile.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login / Sign In' })).toHaveAttribute('href', '/login');
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('says "Profile not found." for an unknown user', async () => {
    mockApi(() => ({ status: 404, body: { success: false, code: 'user_not_found', message: 'Profile not found.' } }));
    renderProfile('/profile/404');
    expect(await screen.findByRole('heading', { name: 'Profile not found.' })).toBeInTheDocument();
  });

  it('says "Error loading profile" when the server fails', async () => {
    mockApi(() => ({ status: 500, body: { success: false, code: 'internal', message: 'Internal error' } }));
    renderProfile('/profile/5');
    expect(await screen.findByRole('heading', { name: 'Error loading profile' }, { timeout: 3000 })).toBeInTheDocument();
  });
});
