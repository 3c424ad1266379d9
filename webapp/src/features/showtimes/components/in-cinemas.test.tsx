import { screen, within } from '@testing-library/react';
import { logIn, mockApi, renderWithProviders } from '@/testing/render';
import { PREFERENCES_KEY } from '../lib/local-preferences';
import { areasAnswer, makeShow, scheduleAnswer } from '../testing/showtime-fixtures';
import { MovieShowtimes } from './movie-showtimes';
import { WatchlistShowtimes } from './watchlist-showtimes';

type Reply = { status: number; body?: unknown };
const notFound = { status: 404, body: { success: false, code: 'not_found', message: 'Not found' } };
const failure = { status: 502, body: { success: false, code: 'upstream_unavailable', message: 'Finnkino is not answering' } };

const today = makeShow({ title: 'Dyyni', start: '2026-11-24T16:30:00Z', presentationMethod: '3D', rating: 'K-12', tmdbId: 777 });
const tomorrowA = makeShow({ title: 'Dyyni', start: '2026-11-25T10:00:00Z', theatre: 'Kinopalatsi, Helsinki', tmdbId: 777 });
const tomorrowB = makeShow({ title: 'Dyyni', start: '2026-11-25T18:15:00Z', tmdbId: 777 });
const friday = makeShow({ title: 'Dyyni', start: '2026-11-27T15:00:00Z', tmdbId: 777 });

function server(override: (path: string, query: URLSearchParams) => Reply | undefined = () => undefined) {
  return mockApi(({ path, query }) => {
    const reply = override(path, query);
    if (reply) return reply;
    if (path === '/finnkino/theatres') return { status: 200, body: areasAnswer };
    if (path === '/movies/777/showtimes') return { status: 200, body: scheduleAnswer([tomorrowB, today, friday, tomorrowA]) };
    return notFound;
  });
}

const rememberArea = (area: number) => localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ area, filters: {} }));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('MovieShowtimes (In cinemas)', () => {
  it('lists the film’s next shows in the remembered area by day, soonest first', async () => {
    rememberArea(1002);
    const calls = server();
    renderWithProviders(<MovieShowtimes movieId={777} />);
    const section = screen.getByRole('region', { name: 'In cinemas' });
    const days = await within(section).findAllByRole('heading', { level: 3 });
    expect(days.map((d) => d.textContent)).toEqual(['Today', 'Tomorrow', 'Fri 27.11.']);
    const shows = within(section).getAllByTestId('movie-show');
    expect(shows.map((s) => s.querySelector('time')?.textContent)).toEqual(['18:30', '12:00', '20:15', '17:00']);
    expect(shows[0]).toHaveTextContent('3D');
    expect(shows[1]).toHaveTextContent('Kinopalatsi, Helsinki');
    expect(shows[0]).toHaveAttribute('href', expect.stringContaining('finnkino.fi'));
    const asked = calls.find((c) => c.path === '/movies/777/showtimes');
    expect(asked?.query.get('area')).toBe('1002');
    expect(asked?.query.get('days')).toBe('7');
    expect(await within(section).findByRole('link', { name: /All showtimes in Helsinki/ })).toHaveAttribute(
      'href',
      '/schedule?area=1002&dt=24.11.2026',
    );
  });

  it('asks for an area first, then remembers the chosen one', async () => {
    const calls = server();
    const { user } = renderWithProviders(<MovieShowtimes movieId={777} />);
    expect(screen.getByText('Choose your area to see where this film is showing.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/movies/777/showtimes')).toBe(false);
    await screen.findByRole('option', { name: 'Tampere' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Area' }), 'Tampere');
    expect(await screen.findAllByTestId('movie-show')).toHaveLength(4);
    expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '{}').area).toBe(1021);
  });

  it('says when the film is not showing in the area', async () => {
    rememberArea(1021);
    server((path) => (path === '/movies/777/showtimes' ? { status: 200, body: scheduleAnswer([]) } : undefined));
    renderWithProviders(<MovieShowtimes movieId={777} />);
    expect(await screen.findByText('No shows of this film in Tampere in the next 7 days.')).toBeInTheDocument();
  });

  it('says when the shows cannot be loaded', async () => {
    rememberArea(1002);
    server((path) => (path === '/movies/777/showtimes' ? failure : undefined));
    renderWithProviders(<MovieShowtimes movieId={777} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load this film’s shows.');
  });
});

describe('WatchlistShowtimes (From your watchlist, in cinemas near you)', () => {
  const showing = (id: number, title: string, start: string, showCount: number) => ({
    tmdbId: id,
    title,
    originalTitle: title,
    releaseYear: 2026,
    posterPath: null,
    voteAverage: 7,
    nextShow: makeShow({ title, start, tmdbId: id }),
    showCount,
  });

  it('is not shown to visitors', () => {
    server();
    renderWithProviders(<WatchlistShowtimes />);
    expect(screen.queryByTestId('watchlist-showtimes')).not.toBeInTheDocument();
  });

  it('lists the user’s watchlist films showing in their area with the next show time', async () => {
    logIn();
    rememberArea(1002);
    const calls = server((path) =>
      path === '/showtimes/watchlist'
        ? {
            status: 200,
            body: {
              success: true,
              films: [showing(777, 'Dune: Part Three', '2026-11-24T17:45:00Z', 5), showing(11, 'Star Wars', '2026-11-26T09:00:00Z', 1)],
              fetchedAt: '2026-11-24T09:00:00Z',
              stale: false,
            },
          }
        : undefined,
    );
    renderWithProviders(<WatchlistShowtimes />);
    const section = screen.getByRole('region', { name: 'From your watchlist, in cinemas near you' });
    const cards = await within(section).findAllByTestId('watchlist-showing');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Dune: Part Three');
    expect(cards[0]).toHaveTextContent('Next show today 19:45');
    expect(cards[0]).toHaveTextContent('+4 more shows');
    expect(within(cards[0]!).getByRole('link')).toHaveAttribute('href', '/movie/777');
    expect(cards[1]).toHaveTextContent('Next show Thu 26.11. 11:00');
    expect(cards[1]).not.toHaveTextContent('more show');
    expect(calls.find((c) => c.path === '/showtimes/watchlist')?.query.get('area')).toBe('1002');
  });

  it('says when none of the watchlist films is showing', async () => {
    logIn();
    rememberArea(1021);
    server((path) => (path === '/showtimes/watchlist' ? { status: 200, body: { success: true, films: [], fetchedAt: '2026-11-24T09:00:00Z', stale: false } } : undefined));
    renderWithProviders(<WatchlistShowtimes />);
    expect(await screen.findByText('None of your watchlist films are showing in Tampere in the next 7 days.')).toBeInTheDocument();
  });

  it('asks for an area when none is remembered', async () => {
    logIn();
    const calls = server();
    renderWithProviders(<WatchlistShowtimes />);
    expect(screen.getByText('Choose your area to see which watchlist films are showing near you.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/showtimes/watchlist')).toBe(false);
  });
});
