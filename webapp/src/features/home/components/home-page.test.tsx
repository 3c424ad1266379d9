import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@/api/users';
import { makeReview } from '@/components/review/testing/review-fixtures';
import { reply, type ResponseBody } from '@/testing/api-reply';
import { logIn, renderWithProviders, testUser } from '@/testing/render';
import { HomePage } from './home-page';

type Reply = { status: number; body?: unknown };

function moviePage(page: number, totalPages = 500): ResponseBody<'/tmdb/popular', 'get', 200> {
  const results = Array.from({ length: 20 }, (_, index) => {
    const id = (page - 1) * 20 + index + 1;
    return {
      id,
      title: `Popular ${id}`,
      originalTitle: `Popular ${id}`,
      releaseDate: '2024-05-01',
      overview: '',
      posterPath: `https://image.tmdb.org/t/p/w342/${id}.jpg`,
      voteAverage: 7.5,
      genre_ids: [18],
    };
  });
  return { success: true, results, page, totalPages, totalResults: totalPages * 20 };
}

const user = (id: number, username: string, extra: Partial<User> = {}): User => ({
  ...testUser,
  email: undefined,
  id,
  username,
  review_count: 3,
  average_rating: 4.3,
  aura: 12,
  aura_label: 'Positive',
  ...extra,
});

const serverError = { status: 500, body: { success: false, code: 'internal', message: 'Boom' } };

/** A server with popular movies, one review and two users; `override` replaces a path's answer. */
function homeServer(override: (path: string, query: URLSearchParams) => Reply | undefined = () => undefined) {
  const queries: { path: string; query: URLSearchParams }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const path = url.pathname.replace(/^\/api(\/v1)?/, '');
      queries.push({ path, query: url.searchParams });
      const reply = override(path, url.searchParams) ?? answer(path, url.searchParams);
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return { queries };
}

function answer(path: string, query: URLSearchParams): Reply {
  if (path === '/tmdb/popular') return reply('/tmdb/popular', 'get', 200, moviePage(Number(query.get('page') ?? 1)));
  if (path === '/reviews/recent') {
    const review = makeReview({ id: 9, movie_id: 550, movie_name: 'Fight Club', content: 'x'.repeat(200), username: 'a_very_long_username_indeed' });
    return reply('/reviews/recent', 'get', 200, { success: true, data: { reviews: [review] } });
  }
  if (path === '/reviews/users-by-review-count') {
    const users = [user(3, 'QA_Reviewer', { review_count: 7 }), user(8, 'lurker', { review_count: 0, average_rating: null })];
    return reply('/reviews/users-by-review-count', 'get', 200, { success: true, data: { users } });
  }
  if (path === '/reviews/users-by-aura')
    return reply('/reviews/users-by-aura', 'get', 200, { success: true, data: { users: [user(4, 'auraqueen', { aura: 12, aura_label: 'Positive' })] } });
  if (path === '/tmdb/in-theaters') {
    const results = [
      { id: 693134, f_id: 303695, originalTitle: 'Dune: Part Two', posterPath: 'https://image.tmdb.org/t/p/w342/dune.jpg', releaseYear: 2024, overview: '' },
      { id: 11, f_id: 303700, originalTitle: 'Star Wars', posterPath: null, releaseYear: 1977, overview: '' },
    ];
    return { status: 200, body: { success: true, results } };
  }
  if (path.startsWith('/favorites/status/')) return reply('/favorites/status/{ids}', 'get', 200, { success: true, data: [] });
  return { status: 404, body: { success: false, code: 'not_found', message: 'Not found' } };
}

function region(name: string) {
  return screen.getByRole('region', { name });
}

describe('HomePage', () => {
  it('greets a logged-in user by their username exactly as typed', async () => {
    homeServer();
    logIn({ ...testUser, username: 'QA_kaisa' });
    renderWithProviders(<HomePage />);
    expect(screen.getByText('Hi, QA_kaisa!')).toBeInTheDocument();
    expect(await screen.findAllByTestId('movie-card')).not.toHaveLength(0);
  });

  it('shows the first 20 popular movies with actions and a See all link, and loads the next 20 on scroll', async () => {
    const { queries } = homeServer();
    renderWithProviders(<HomePage />);
    const popular = region('Popular Movies');
    expect(await within(popular).findAllByTestId('movie-card')).toHaveLength(20);
    expect(within(popular).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/browse');
    expect(within(popular).getByRole('group', { name: 'Actions for Popular 1' })).toBeInTheDocument();
    expect(within(popular).getAllByTestId('movie-card')[0]?.querySelector('a')).toHaveAttribute('href', '/movie/1');

    fireEvent.scroll(within(popular).getByRole('list'));
    await waitFor(() => expect(within(popular).getAllByTestId('movie-card')).toHaveLength(40));
    expect(queries.filter((q) => q.path === '/tmdb/popular').map((q) => q.query.get('page'))).toEqual(['1', '2']);
  }, 20_000);

  it('stops at 100 popular movies', async () => {
    const { queries } = homeServer();
    renderWithProviders(<HomePage />);
    const popular = region('Popular Movies');
    await within(popular).findAllByTestId('movie-card');
    for (let count = 40; count <= 100; count += 20) {
      fireEvent.scroll(within(popular).getByRole('list'));
      await waitFor(() => expect(within(popular).getAllByTestId('movie-card')).toHaveLength(count));
    }
    fireEvent.scroll(within(popular).getByRole('list'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(within(popular).getAllByTestId('movie-card')).toHaveLength(100);
    expect(queries.filter((q) => q.path === '/tmdb/popular')).toHaveLength(5);
  }, 20_000);

  it('shows recent reviews as cards linking to the review, with a 120-character excerpt', async () => {
    const { queries } = homeServer();
    renderWithProviders(<HomePage />);
    const recent = region('Most Recent Reviews');
    const card = await within(recent).findByTestId('recent-review');
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/movie/550#review-9');
    expect(card).toHaveTextContent('Fight Club');
    expect(within(card).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(card).toHaveTextContent(`${'x'.repeat(120)}…`);
    expect(card).not.toHaveTextContent('x'.repeat(121));
    const author = within(card).getByText(/^by /);
    expect(author).toHaveTextContent('by a_very_long_user…');
    expect(author).toHaveAttribute('title', 'a_very_long_username_indeed');
    expect(queries.find((q) => q.path === '/reviews/recent')?.query.get('limit')).toBe('20');
  });

  it('shows the most active and the most popular users, linking to their profiles', async () => {
    const { queries } = homeServer();
    renderWithProviders(<HomePage />);
    const active = await within(region('Most Active Users')).findByTestId('user-card');
    expect(within(active).getByRole('link')).toHaveAttribute('href', '/profile/3');
    expect(active).toHaveTextContent('QA_Reviewer');
    expect(active).toHaveTextContent('7 reviews');
    // Users without a review are not "active".
    expect(within(region('Most Active Users')).getAllByTestId('user-card')).toHaveLength(1);

    const popular = await within(region('Popular Users')).findByTestId('user-card');
    expect(within(popular).getByRole('link')).toHaveAttribute('href', '/profile/4');
    expect(popular).toHaveTextContent('Aura +12');
    expect(popular).toHaveTextContent('Positive');
    expect(queries.find((q) => q.path === '/reviews/users-by-aura')?.query.get('limit')).toBe('20');
    expect(queries.find((q) => q.path === '/reviews/users-by-review-count')?.query.get('limit')).toBe('20');
  });

  it('shows the films currently in theaters, linking to their pages and to the showtimes', async () => {
    homeServer();
    renderWithProviders(<HomePage />);
    const theaters = region('Currently in Theaters');
    const cards = await within(theaters).findAllByTestId('movie-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Dune: Part Two');
    expect(cards[0]).toHaveTextContent('2024');
    expect(cards[0]?.querySelector('a')).toHaveAttribute('href', '/movie/693134');
    expect(within(theaters).getByRole('link', { name: 'Showtimes' })).toHaveAttribute('href', '/schedule');
  });

  it('shows placeholders in Currently in Theaters when the call fails, and retries', async () => {
    let failing = true;
    homeServer((path) => (path === '/tmdb/in-theaters' && failing ? serverError : undefined));
    const { user: clicker } = renderWithProviders(<HomePage />);
    const theaters = region('Currently in Theaters');
    expect(await within(theaters).findByRole('alert')).toHaveTextContent('Could not load the films in theaters.');
    expect(within(theaters).getAllByTestId('in-theaters-placeholder')).toHaveLength(6);
    failing = false;
    await clicker.click(within(theaters).getByRole('button', { name: 'Try again' }));
    expect(await within(theaters).findAllByTestId('movie-card')).toHaveLength(2);
  });

  it('shows the watchlist showtimes it is given, above the carousels', () => {
    homeServer();
    renderWithProviders(<HomePage watchlistShowtimes={<p>From the slot</p>} />);
    expect(screen.getByText('From the slot')).toBeInTheDocument();
  });

  it('shows the groups carousel it is given', () => {
    homeServer();
    renderWithProviders(<HomePage popularGroups={<section aria-label="Most Popular Groups">groups here</section>} />);
    expect(region('Most Popular Groups')).toHaveTextContent('groups here');
  });

  it('keeps the other carousels when one fails, and retries the failed one', async () => {
    let failing = true;
    homeServer((path) => (path === '/reviews/recent' && failing ? serverError : undefined));
    const { user: clicker } = renderWithProviders(<HomePage />);
    const recent = region('Most Recent Reviews');
    expect(await within(recent).findByRole('alert')).toHaveTextContent('Could not load the latest reviews.');
    expect(await within(region('Popular Movies')).findAllByTestId('movie-card')).toHaveLength(20);
    expect(await within(region('Popular Users')).findByTestId('user-card')).toBeInTheDocument();

    failing = false;
    await clicker.click(within(recent).getByRole('button', { name: 'Try again' }));
    expect(await within(recent).findByTestId('recent-review')).toBeInTheDocument();
  });

  it('says so when a list is empty', async () => {
    homeServer((path) => {
      if (path === '/reviews/recent') return reply('/reviews/recent', 'get', 200, { success: true, data: { reviews: [] } });
      if (path.startsWith('/reviews/users-by')) return reply('/reviews/users-by-aura', 'get', 200, { success: true, data: { users: [] } });
      if (path === '/tmdb/popular') return reply('/tmdb/popular', 'get', 200, { success: true, results: [], page: 1, totalPages: 0, totalResults: 0 });
      return undefined;
    });
    renderWithProviders(<HomePage />);
    expect(await within(region('Popular Movies')).findByText('No popular movies right now.')).toBeInTheDocument();
    expect(await within(region('Most Recent Reviews')).findByText(/No reviews yet/)).toBeInTheDocument();
    expect(await within(region('Most Active Users')).findByText(/No reviewers yet/)).toBeInTheDocument();
  });

  it('caches the homepage lists for 30 minutes', async () => {
    homeServer();
    const { queryClient } = renderWithProviders(<HomePage />);
    await within(region('Most Recent Reviews')).findByTestId('recent-review');
    const cached = queryClient.getQueryCache().findAll({ queryKey: ['home'] });
    expect(cached.length).toBeGreaterThanOrEqual(4);
    for (const query of cached) expect((query.options as { staleTime?: number }).staleTime).toBe(30 * 60_000);
  });

  it('speaks Finnish when Finnish is chosen', async () => {
    const { queries } = homeServer();
    logIn({ ...testUser, username: 'QA_kaisa' });
    renderWithProviders(<HomePage />, { language: 'fi' });
    expect(screen.getByText('Hei, QA_kaisa!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Selaa elokuvia' })).toHaveAttribute('href', '/browse');
    expect(await within(region('Nyt elokuvateattereissa')).findAllByTestId('movie-card')).toHaveLength(2);
    expect(await within(region('Aktiivisimmat käyttäjät')).findByTestId('user-card')).toHaveTextContent('7 arvostelua');
    expect(region('Suositut elokuvat')).toBeInTheDocument();
    // Movie data in the reader's language too.
    await within(region('Suositut elokuvat')).findAllByTestId('movie-card');
    expect(queries.filter((q) => q.path === '/tmdb/popular').map((q) => q.query.get('language'))).toEqual(['fi-FI']);
  });

  it('speaks Finnish: counts, aura labels and decimals', async () => {
    homeServer();
    renderWithProviders(<HomePage />, { language: 'fi' });
    const active = await within(region('Aktiivisimmat käyttäjät')).findByTestId('user-card');
    expect(active).toHaveTextContent('7 arvostelua');
    expect(active).toHaveTextContent('4,3');
    const popular = await within(region('Suositut käyttäjät')).findByTestId('user-card');
    expect(popular).toHaveTextContent('Aura +12');
    expect(popular).toHaveTextContent('Positiivinen');
    const card = await within(region('Uusimmat arvostelut')).findByTestId('recent-review');
    expect(within(card).getByRole('img', { name: 'Arvosana 4/5' })).toBeInTheDocument();
  });

  it('points the first action to Browse', () => {
    homeServer();
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('link', { name: 'Browse movies' })).toHaveAttribute('href', '/browse');
  });
});

describe('HomePage session cache', () => {
  it('keeps the homepage data in session storage and shows it again without asking the server', async () => {
    homeServer();
    const first = renderWithProviders(<HomePage />);
    await within(region('Most Recent Reviews')).findByTestId('recent-review');
    await within(region('Popular Users')).findByTestId('user-card');
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('home-cache:')).length).toBeGreaterThanOrEqual(4);
    first.unmount();

    // A reload: a fresh query client, and a server that would now fail.
    const { queries } = homeServer(() => serverError);
    renderWithProviders(<HomePage />);
    expect(await within(region('Most Recent Reviews')).findByTestId('recent-review')).toHaveTextContent('Fight Club');
    expect(within(region('Popular Movies')).getAllByTestId('movie-card')).toHaveLength(20);
    expect(within(region('Most Active Users')).getByTestId('user-card')).toHaveTextContent('QA_Reviewer');
    expect(queries.filter((q) => q.path.startsWith('/reviews') || q.path === '/tmdb/popular')).toHaveLength(0);
  });

  it('forgets cached data older than 30 minutes', async () => {
    homeServer();
    const first = renderWithProviders(<HomePage />);
    await within(region('Most Recent Reviews')).findByTestId('recent-review');
    first.unmount();
    for (const key of Object.keys(sessionStorage)) {
      const state = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { queries: { state: { dataUpdatedAt: number } }[] };
      for (const query of state.queries) query.state.dataUpdatedAt -= 31 * 60_000;
      sessionStorage.setItem(key, JSON.stringify(state));
    }

    const { queries } = homeServer((path) => (path === '/reviews/recent' ? serverError : undefined));
    renderWithProviders(<HomePage />);
    expect(await within(region('Most Recent Reviews')).findByRole('alert')).toHaveTextContent('Could not load the latest reviews.');
    expect(queries.some((q) => q.path === '/reviews/recent')).toBe(true);
  });
});
