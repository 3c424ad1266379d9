import { screen, within } from '@testing-library/react';
import { logIn, mockApi, renderWithProviders } from '@/testing/render';
import { PREFERENCES_KEY } from '../lib/local-preferences';
import { areasAnswer, makeShow, scheduleAnswer } from '../testing/showtime-fixtures';
import { ShowtimesPage } from './showtimes-page';

type Reply = { status: number; body?: unknown };
const failure = { status: 502, body: { success: false, code: 'upstream_unavailable', message: 'Finnkino is not answering' } };

const dune3d = makeShow({
  title: 'Dyyni: Osa kolme',
  originalTitle: 'Dune: Part Three',
  start: '2026-11-25T18:00:00Z',
  end: '2026-11-25T21:00:00Z',
  presentationMethod: '3D',
  rating: 'K-16',
  tmdbId: 777,
  posterPath: 'https://image.tmdb.org/t/p/w342/dune.jpg',
  auditorium: 'IMAX',
});
const morning = makeShow({ title: 'Aamun elokuva', originalTitle: 'Aamun elokuva', start: '2026-11-25T08:00:00Z', rating: 'S' });
const dubbed = makeShow({
  title: 'Piirretty',
  start: '2026-11-25T12:15:00Z',
  end: '2026-11-25T13:45:00Z',
  language: { code: 'FI', name: 'dubattu suomeksi' },
  dubbed: true,
  subtitles: [],
  rating: 'K-7',
});

function server(override: (path: string, query: URLSearchParams) => Reply | undefined = () => undefined) {
  return mockApi(({ path, query }) => {
    const reply = override(path, query);
    if (reply) return reply;
    if (path === '/finnkino/theatres') return { status: 200, body: areasAnswer };
    if (path === '/finnkino/schedule') return { status: 200, body: scheduleAnswer([dune3d, morning, dubbed]) };
    return { status: 404, body: { success: false, code: 'not_found', message: 'Not found' } };
  });
}

const renderPage = (path = '/schedule') => renderWithProviders(<ShowtimesPage />, { path, route: '/schedule' });

// Typing and clicking through a whole search takes a while on a busy machine.
describe('ShowtimesPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z')); // Tuesday 24.11.2026, 12:00 in Helsinki
  });
  afterEach(() => vi.useRealTimers());

  it('searches an area and a date, puts them in the URL and lists the shows sorted by start time', async () => {
    const calls = server();
    const { user, router } = renderPage();
    const area = await screen.findByRole('combobox', { name: 'Area' });
    await screen.findByRole('option', { name: 'Helsinki' });
    expect(screen.queryByRole('option', { name: 'Valitse alue/teatteri' })).not.toBeInTheDocument();
    await user.selectOptions(area, 'Helsinki');
    const date = screen.getByRole('textbox', { name: 'Date' });
    expect(date).toHaveValue('24.11.2026'); // today in Helsinki
    await user.clear(date);
    await user.type(date, '25.11.2026');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const shows = await screen.findAllByTestId('show');
    expect(shows.map((show) => within(show).getByRole('heading').textContent)).toEqual(['Aamun elokuva', 'Piirretty', 'Dyyni: Osa kolme']);
    expect(router.state.location.search).toBe('?area=1002&dt=25.11.2026');
    const asked = calls.find((call) => call.path === '/finnkino/schedule');
    expect(asked?.query.get('area')).toBe('1002');
    expect(asked?.query.get('dt')).toBe('25.11.2026');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Helsinki');
    expect(screen.getByText('3 shows')).toBeInTheDocument();
  });

  it('shows each show’s film, place, times in Helsinki time, language, format, age rating and ticket link', async () => {
    server();
    renderPage('/schedule?area=1002&dt=25.11.2026');
    const dune = (await screen.findAllByTestId('show'))[2]!;
    expect(within(dune).getByRole('link', { name: 'Dyyni: Osa kolme' })).toHaveAttribute('href', '/movie/777');
    expect(dune).toHaveTextContent('Dune: Part Three');
    expect(dune).toHaveTextContent('Tennispalatsi, Helsinki');
    expect(dune).toHaveTextContent('IMAX');
    expect(dune).toHaveTextContent('20:00');
    expect(dune).toHaveTextContent('23:00');
    expect(dune).toHaveTextContent('English');
    expect(dune).toHaveTextContent('Subtitles: Finnish, Swedish');
    expect(within(dune).getByText('3D')).toBeInTheDocument();
    expect(within(dune).getByRole('img', { name: 'Age rating K-16' })).toBeInTheDocument();
    const tickets = within(dune).getByRole('link', { name: /Tickets for Dyyni: Osa kolme at 20:00/ });
    expect(tickets).toHaveAttribute('href', expect.stringContaining('finnkino.fi/websales/show/'));
    expect(tickets).toHaveAttribute('target', '_blank');

    const cartoon = screen.getAllByTestId('show')[1]!;
    expect(within(cartoon).queryByRole('link', { name: 'Piirretty' })).not.toBeInTheDocument(); // not matched
    expect(cartoon).toHaveTextContent('Finnish dub');
  });

  it('asks for both area and date before searching', async () => {
    const calls = server();
    const { user } = renderPage();
    await screen.findByRole('option', { name: 'Helsinki' });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select both area and date');
    expect(calls.some((call) => call.path === '/finnkino/schedule')).toBe(false);
  });

  it('warns about a date not in dd.mm.yyyy and does not search', async () => {
    const calls = server();
    const { user, router } = renderPage();
    await screen.findByRole('option', { name: 'Tampere' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Area' }), 'Tampere');
    const date = screen.getByRole('textbox', { name: 'Date' });
    await user.clear(date);
    await user.type(date, '2026-11-25');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Date must be in dd.mm.yyyy format');
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.search).toBe('');
    expect(calls.some((call) => call.path === '/finnkino/schedule')).toBe(false);
  });

  it('searches at once with a quick date: today, tomorrow and the next three days', async () => {
    server();
    const { user, router } = renderPage('/schedule?area=1021&dt=24.11.2026');
    const quick = screen.getByRole('group', { name: 'Quick dates' });
    const buttons = within(quick).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Today24.11.', 'Tomorrow25.11.', 'Thu26.11.', 'Fri27.11.', 'Sat28.11.']);
    expect(buttons[0]).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(quick).getByRole('button', { name: /Tomorrow/ }));
    expect(router.state.location.search).toBe('?area=1021&dt=25.11.2026');
    expect(within(screen.getByRole('group', { name: 'Quick dates' })).getByRole('button', { name: /Tomorrow/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('says "Failed to fetch schedule" and retries', async () => {
    let failing = true;
    server((path) => (path === '/finnkino/schedule' && failing ? failure : undefined));
    const { user } = renderPage('/schedule?area=1002&dt=25.11.2026');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch schedule');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('show')).toHaveLength(3);
  });

  it('says "Failed to load theatre areas" when the areas do not load', async () => {
    server((path) => (path === '/finnkino/theatres' ? failure : undefined));
    renderPage();
    expect(await screen.findByText('Failed to load theatre areas')).toBeInTheDocument();
  });

  it('shows how old a stale schedule is', async () => {
    server((path) =>
      path === '/finnkino/schedule' ? { status: 200, body: scheduleAnswer([morning], { stale: true, fetchedAt: '2026-11-24T12:02:00Z' }) } : undefined,
    );
    renderPage('/schedule?area=1002&dt=25.11.2026');
    expect(await screen.findByText(/Schedule as of 14:02/)).toBeInTheDocument();
  });

  it('does not mention the schedule’s age when it is fresh', async () => {
    server();
    renderPage('/schedule?area=1002&dt=25.11.2026');
    await screen.findAllByTestId('show');
    expect(screen.queryByText(/Schedule as of/)).not.toBeInTheDocument();
  });

  it('filters to 3D, to Finnish dub and by age, and remembers the filters in this browser', async () => {
    server();
    const { user } = renderPage('/schedule?area=1002&dt=25.11.2026');
    await screen.findAllByTestId('show');
    await user.click(screen.getByRole('button', { name: '3D' }));
    expect(screen.getByRole('button', { name: /3D/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByTestId('show').map((s) => within(s).getByRole('heading').textContent)).toEqual(['Dyyni: Osa kolme']);
    expect(screen.getByText('1 of 3 shows')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '{}').filters.formats).toEqual(['3D']);

    await user.click(screen.getByRole('button', { name: /3D/ }));
    await user.click(screen.getByRole('button', { name: 'Finnish dub' }));
    expect(screen.getAllByTestId('show').map((s) => within(s).getByRole('heading').textContent)).toEqual(['Piirretty']);

    await user.click(screen.getByRole('button', { name: /Finnish dub/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Age limit' }), 'K-7');
    expect(screen.getAllByTestId('show')).toHaveLength(2);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Age limit' }), 'S');
    await user.click(screen.getByRole('button', { name: 'Finnish dub' }));
    expect(screen.getByText('No shows match your filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getAllByTestId('show')).toHaveLength(3);
  });

  it('opens a returning visitor’s remembered area on today’s shows', async () => {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ area: 1021, filters: { formats: ['IMAX'] } }));
    const calls = server();
    const { router } = renderPage();
    await screen.findByRole('heading', { level: 2 });
    expect(router.state.location.search).toBe('?area=1021&dt=24.11.2026');
    expect(calls.find((call) => call.path === '/finnkino/schedule')?.query.get('area')).toBe('1021');
    expect(screen.getByRole('button', { name: /IMAX/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps a signed-in user’s area and filters on the server', async () => {
    logIn();
    const saved = { area_id: 1021, original_with_finnish_subtitles: false, finnish_dub: false, three_d: true, imax: false, max_rating: 'K-12' };
    const calls = server((path) =>
      path === '/users/profile/showtime-preferences' ? { status: 200, body: { success: true, preferences: saved } } : undefined,
    );
    const { user, router } = renderPage();
    await screen.findByRole('heading', { level: 2 });
    expect(router.state.location.search).toBe('?area=1021&dt=24.11.2026');
    expect(screen.getByRole('button', { name: '3D' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('combobox', { name: 'Age limit' })).toHaveValue('K-12');

    await user.click(screen.getByRole('button', { name: 'IMAX' }));
    expect(screen.getByRole('button', { name: 'IMAX' })).toHaveAttribute('aria-pressed', 'true');
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/users/profile/showtime-preferences');
    expect(put?.body).toEqual({ ...saved, imax: true });
    expect(put?.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('remembers the searched area', async () => {
    server();
    const { user } = renderPage();
    await screen.findByRole('option', { name: 'Tampere' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Area' }), 'Tampere');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '{}').area).toBe(1021);
  });

  it('warns about a malformed date in a shared link instead of searching', async () => {
    const calls = server();
    renderPage('/schedule?area=1002&dt=2026-11-25');
    expect(await screen.findByText('Date must be in dd.mm.yyyy format', { selector: '.notice' })).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/finnkino/schedule')).toBe(false);
  });

  it('says no shows when the day is empty', async () => {
    server((path) => (path === '/finnkino/schedule' ? { status: 200, body: scheduleAnswer([]) } : undefined));
    renderPage('/schedule?area=1002&dt=25.11.2026');
    expect(await screen.findByText('No shows on this day in this area.')).toBeInTheDocument();
  });

  it('speaks Finnish: texts, weekdays and times in Finnish style', async () => {
    server();
    const { user } = renderWithProviders(<ShowtimesPage />, { path: '/schedule?area=1002&dt=25.11.2026', route: '/schedule', language: 'fi' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Näytösajat');
    const quick = within(screen.getByRole('group', { name: 'Pikavalinnat' })).getAllByRole('button');
    expect(quick.map((b) => b.textContent)).toEqual(['Tänään24.11.', 'Huomenna25.11.', 'to26.11.', 'pe27.11.', 'la28.11.']);
    const dune = (await screen.findAllByTestId('show'))[2]!;
    expect(dune).toHaveTextContent('20.00');
    expect(dune).toHaveTextContent('Englanti');
    expect(dune).toHaveTextContent('Tekstitys: suomi, ruotsi');
    expect(within(dune).getByRole('img', { name: 'Ikäraja K-16' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/keskiviikko(na)? 25\. marraskuuta 2026/);
    await user.clear(screen.getByRole('textbox', { name: 'Päivämäärä' }));
    await user.click(screen.getByRole('button', { name: 'Hae' }));
    expect(screen.getByText('Valitse sekä alue että päivämäärä')).toBeInTheDocument();
  });
});
