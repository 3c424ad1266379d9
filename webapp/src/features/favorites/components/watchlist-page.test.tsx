import { screen, within } from '@testing-library/react';
import type { Favorite } from '@/api/favorites';
import { reply } from '@/testing/api-reply';
import { logIn, mockApi, renderWithProviders, testUser } from '@/testing/render';
import { WatchlistPage } from './watchlist-page';

const entry = (tmdbId: number, extra: Partial<Favorite> = {}): Favorite => ({
  id: tmdbId * 10,
  tmdb_id: tmdbId,
  movie_id: tmdbId,
  type: 1,
  group_id: null,
  original_title: `Film ${tmdbId}`,
  release_year: 2000 + tmdbId,
  poster_path: `/poster-${tmdbId}.jpg`,
  poster_url: null,
  imdb_rating: null,
  created_at: '2025-10-14T18:03:00Z',
  added_by: testUser.id,
  ...extra,
});

/** A server holding `items` on kaisa's watchlist; removing one takes it off. */
function fakeServer(initial: ReturnType<typeof entry>[], list?: () => { status: number; body?: unknown }) {
  let items = [...initial];
  const calls = mockApi(({ method, path }) => {
    if (method === 'GET' && path === `/favorites/user/${testUser.id}/1`) {
      if (list) return list();
      return reply('/favorites/user/{userId}/{type}', 'get', 200, { success: true, data: items, pagination: { total: items.length, limit: 48, offset: 0, hasMore: false } });
    }
    const status = /^\/favorites\/status\/([\d,]+)$/.exec(path);
    if (method === 'GET' && status?.[1]) {
      const data = status[1].split(',').map((id) => ({
        tmdb_id: Number(id),
        is_favorite: false,
        is_watchlist: items.some((item) => item.tmdb_id === Number(id)),
      }));
      return reply('/favorites/status/{ids}', 'get', 200, { success: true, data });
    }
    const removal = /^\/favorites\/(\d+)\/1$/.exec(path);
    if (method === 'DELETE' && removal) {
      items = items.filter((item) => item.tmdb_id !== Number(removal[1]));
      return { status: 204 };
    }
    return { status: 404, body: { success: false, code: 'not_found', message: 'Not found' } };
  });
  return calls;
}

function renderWatchlist(path = '/watchlist') {
  return renderWithProviders(<WatchlistPage />, { path, route: path === '/watchlist' ? '/watchlist' : '/watchlist/:userId' });
}

describe('WatchlistPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks a visitor to log in', () => {
    const calls = fakeServer([]);
    renderWatchlist();
    expect(screen.getByText('Please log in to view your watchlist. 🔒')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login / Sign In' })).toHaveAttribute('href', '/login');
    expect(calls).toHaveLength(0);
  });

  it('says it is loading, then shows the heading with the username and the empty text', async () => {
    logIn();
    fakeServer([]);
    renderWatchlist();
    expect(screen.getByText('Loading watchlist...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: "kaisa's Watchlist" })).toBeInTheDocument();
    expect(screen.getByText('Your watchlist is empty. 👀')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse movies' })).toHaveAttribute('href', '/browse');
  });

  it("says 'Error loading watchlist.' when the list cannot be loaded", async () => {
    logIn();
    fakeServer([], () => ({ status: 500, body: { success: false, code: 'internal', message: 'Internal error' } }));
    renderWatchlist();
    expect(await screen.findByText('Error loading watchlist.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows each movie with a link, poster or "No image", title, year, rating or N/A, and the action bar', async () => {
    logIn();
    const calls = fakeServer([
      entry(11, { imdb_rating: 7.84 }),
      entry(12, { poster_path: null, original_title: 'Kuolleet lehdet', release_year: 2023 }),
    ]);
    renderWatchlist();
    const list = await screen.findByRole('list', { name: 'Movies on your watchlist' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);

    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: /Film 11/ })).toHaveAttribute('href', '/movie/11');
    expect(cards[0]!.querySelector('img')).toHaveAttribute('src', 'https://image.tmdb.org/t/p/w300/poster-11.jpg');
    expect(first.getByText('2011')).toBeInTheDocument();
    expect(first.getByText(/7\.8/)).toBeInTheDocument();

    const second = within(cards[1]!);
    expect(second.getByRole('link', { name: /Kuolleet lehdet/ })).toHaveAttribute('href', '/movie/12');
    expect(second.getByText('No image')).toBeInTheDocument();
    expect(second.getByText('2023')).toBeInTheDocument();
    expect(second.getByText(/N\/A/)).toBeInTheDocument();

    // The bars show the movies as on the watchlist at once, then ask for the rest of their
    // status (favorite or not) in one call.
    expect(second.getByRole('button', { name: 'Watchlist' })).toHaveAttribute('aria-pressed', 'true');
    expect(second.getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'false');
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.path.startsWith('/favorites/status/')).map((call) => call.path)).toEqual([
        '/favorites/status/11,12',
      ]),
    );
    expect(screen.getByText('2 movies')).toBeInTheDocument();
  });

  it('takes a movie off the list when its watchlist button is switched off', async () => {
    logIn();
    const calls = fakeServer([entry(11), entry(12)]);
    const { user } = renderWatchlist();
    const list = await screen.findByRole('list', { name: 'Movies on your watchlist' });
    const button = within(within(list).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Watchlist' });
    await vi.waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    await user.click(button);
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /Film 11/ })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/favorites/11/1']);
  });

  it("shows one's own watchlist at /watchlist/{ownId}", async () => {
    logIn();
    fakeServer([entry(11)]);
    renderWatchlist(`/watchlist/${testUser.id}`);
    expect(await screen.findByRole('heading', { name: "kaisa's Watchlist" })).toBeInTheDocument();
  });

  it("says watchlists are private at someone else's /watchlist/{id}, without asking the server", () => {
    logIn();
    const calls = fakeServer([entry(11)]);
    renderWatchlist('/watchlist/99');
    expect(screen.getByRole('heading', { name: 'Watchlists are private' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my watchlist' })).toHaveAttribute('href', '/watchlist');
    expect(calls).toHaveLength(0);
  });
});
