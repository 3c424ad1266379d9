import { screen, within } from '@testing-library/react';
import type { Favorite } from '@/api/favorites';
import { reply } from '@/testing/api-reply';
import { logIn, mockApi, renderWithProviders, testUser } from '@/testing/render';
import { FavoritesPage } from './favorites-page';

const leHavre: Favorite = {
  id: 1,
  tmdb_id: 31,
  movie_id: 31,
  type: 2,
  group_id: null,
  original_title: 'Le Havre',
  release_year: 2011,
  poster_path: null,
  poster_url: null,
  imdb_rating: 7.2,
  created_at: '2025-10-14T18:03:00Z',
  added_by: 5,
};

const mikko = { ...testUser, id: 5, username: 'mikko', email: undefined };

function renderFavorites(userId: number | string) {
  return renderWithProviders(<FavoritesPage />, { path: `/favorites/${userId}`, route: '/favorites/:userId' });
}

describe('FavoritesPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows anyone's favorites under their username, to visitors too", async () => {
    const calls = mockApi(({ path }) => {
      if (path === '/users/5') return reply('/users/{id}', 'get', 200, { success: true, user: mikko });
      if (path === '/favorites/user/5/2')
        return reply('/favorites/user/{userId}/{type}', 'get', 200, { success: true, data: [leHavre], pagination: { total: 1, limit: 48, offset: 0, hasMore: false } });
      return { status: 404, body: { success: false, code: 'not_found', message: 'Not found' } };
    });
    renderFavorites(5);
    expect(screen.getByText('Loading favorites...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: "mikko's Favorites" })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: "mikko's favorite movies" });
    expect(within(list).getByRole('link', { name: /Le Havre/ })).toHaveAttribute('href', '/movie/31');
    // A visitor's bars ask nothing.
    expect(calls.some((call) => call.path.startsWith('/favorites/status'))).toBe(false);
  });

  it("shows the viewer's own hearts on someone else's favorites, not the list owner's", async () => {
    logIn();
    const calls = mockApi(({ path }) => {
      if (path === '/users/5') return reply('/users/{id}', 'get', 200, { success: true, user: mikko });
      if (path === '/favorites/user/5/2')
        return reply('/favorites/user/{userId}/{type}', 'get', 200, { success: true, data: [leHavre], pagination: { total: 1, limit: 48, offset: 0, hasMore: false } });
      if (path === '/favorites/status/31')
        return reply('/favorites/status/{ids}', 'get', 200, { success: true, data: [{ tmdb_id: 31, is_favorite: false, is_watchlist: true }] });
      return { status: 404, body: { success: false, code: 'not_found', message: 'Not found' } };
    });
    renderFavorites(5);
    const heart = await screen.findByRole('button', { name: 'Favorite' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    const bookmark = screen.getByRole('button', { name: 'Watchlist' });
    await vi.waitFor(() => expect(bookmark).toHaveAttribute('aria-pressed', 'true'));
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(calls.filter((call) => call.path.startsWith('/favorites/status/'))).toHaveLength(1);
  });

  it('says so when a user has no favorites, and invites the owner to add some', async () => {
    logIn();
    mockApi(({ path }) => {
      if (path === `/users/${testUser.id}`) return reply('/users/{id}', 'get', 200, { success: true, user: testUser });
      if (path === `/favorites/user/${testUser.id}/2`)
        return reply('/favorites/user/{userId}/{type}', 'get', 200, { success: true, data: [], pagination: { total: 0, limit: 48, offset: 0, hasMore: false } });
      return { status: 404, body: { success: false, code: 'not_found', message: 'Not found' } };
    });
    renderFavorites(testUser.id);
    expect(await screen.findByText('You have no favorites yet. ❤️')).toBeInTheDocument();
  });

  it("says 'Profile not found.' for an unknown user", async () => {
    mockApi(() => ({ status: 404, body: { success: false, code: 'not_found', message: 'User not found' } }));
    renderFavorites(404);
    expect(await screen.findByRole('heading', { name: 'Profile not found.' })).toBeInTheDocument();
  });
});
