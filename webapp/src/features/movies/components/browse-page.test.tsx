import { act, screen, within } from '@testing-library/react';
import { setLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';
import { fakeTmdb, makeMovies } from '../testing/fake-tmdb';
import { BrowsePage } from './browse-page';

function renderBrowse(path = '/browse') {
  return renderWithProviders(<BrowsePage />, { path, route: '/browse' });
}

const titles = () => screen.getAllByTestId('movie-card').map((card) => within(card).getByRole('link').querySelector('span span')?.textContent);
const search = (router: { state: { location: { search: string } } }) => router.state.location.search;

describe('BrowsePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows 16 popular movies without a search or genres', async () => {
    const calls = fakeTmdb();
    renderBrowse();
    expect(screen.getByRole('status')).toHaveTextContent('Loading movies…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Popular movies' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('movie-card')).toHaveLength(16);
    expect(titles()[0]).toBe('Movie 1');
    expect(titles()[15]).toBe('Movie 16');
    expect(screen.getByText('50 movies · page 1 of 4')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/tmdb/popular').map((call) => call.params.get('page'))).toEqual(['1']);
  });

  it('pages forward over two API pages and keeps the page in the URL', async () => {
    const calls = fakeTmdb();
    const { user, router } = renderBrowse();
    await screen.findAllByTestId('movie-card');
    expect(screen.getByRole('button', { name: /Prev/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(search(router)).toBe('?page=2');
    await screen.findByText('Page 2 of 4');
    await vi.waitFor(() => expect(titles()[0]).toBe('Movie 17'));
    expect(titles()).toHaveLength(16);
    expect(titles()[15]).toBe('Movie 32');
    // Page 1 came from the cache; only API page 2 was new.
    expect(calls.filter((call) => call.path === '/tmdb/popular').map((call) => call.params.get('page'))).toEqual(['1', '2']);

    await user.click(screen.getByRole('button', { name: /Next/ }));
    await vi.waitFor(() => expect(titles()[0]).toBe('Movie 33'));
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await vi.waitFor(() => expect(titles()).toEqual(['Movie 49', 'Movie 50']));
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    expect(search(router)).toBe('?page=4');
  });

  it('opens on the page named in the URL', async () => {
    fakeTmdb();
    renderBrowse('/browse?page=3');
    await vi.waitFor(() => expect(titles()[0]).toBe('Movie 33'));
    expect(titles()[15]).toBe('Movie 48');
  });

  it('offers the first page when the URL names a page past the end', async () => {
    fakeTmdb();
    const { user, router } = renderBrowse('/browse?page=9');
    expect(await screen.findByText(/There is no page 9\./)).toBeInTheDocument();
    expect(screen.getByText('50 movies')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to page 1' }));
    expect(search(router)).toBe('');
    await vi.waitFor(() => expect(titles()[0]).toBe('Movie 1'));
  });

  it('says there is no such page past TMDB’s last page too, without filters', async () => {
    fakeTmdb();
    renderBrowse('/browse?page=999');
    expect(await screen.findByText(/There is no page 999\./)).toBeInTheDocument();
    expect(screen.queryByText(/No movies match/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to page 1' })).toHaveAttribute('href', '/browse');
  });

  it('says there is no such page past the end of genre results, linking to their page 1', async () => {
    fakeTmdb();
    renderBrowse('/browse?genres=28&page=40');
    expect(await screen.findByText(/There is no page 40\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to page 1' })).toHaveAttribute('href', '/browse?genres=28');
  });

  it("heads search results with 'Hakutulokset haulle “…”'", async () => {
    const calls = fakeTmdb({ movies: [...makeMovies(3, 'Matrix'), ...makeMovies(3, 'Frozen').map((m) => ({ ...m, id: m.id + 100 }))] });
    renderBrowse('/browse?q=matrix');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hakutulokset haulle “matrix”' })).toBeInTheDocument();
    await vi.waitFor(() => expect(titles()).toEqual(['Matrix 1', 'Matrix 2', 'Matrix 3']));
    expect(screen.getByLabelText('Movie title')).toHaveValue('matrix');
    expect(calls.find((call) => call.path === '/tmdb/search')?.params.get('query')).toBe('matrix');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it("says 'Ei tuloksia haulle “…”' when nothing matches", async () => {
    fakeTmdb();
    renderBrowse('/browse?q=kaurism%C3%A4ki');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ei tuloksia haulle “kaurismäki”' })).toBeInTheDocument();
    expect(screen.queryAllByTestId('movie-card')).toHaveLength(0);
  });

  it('searches from the text box on the page and clears the filters', async () => {
    fakeTmdb();
    const { user, router } = renderBrowse('/browse?genres=28');
    await screen.findAllByTestId('movie-card');
    await user.type(screen.getByLabelText('Movie title'), 'Movie 4');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(search(router)).toBe('?q=Movie+4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hakutulokset haulle “Movie 4”' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(search(router)).toBe('');
    expect(screen.getByLabelText('Movie title')).toHaveValue('');
    expect(await screen.findByRole('heading', { level: 1, name: 'Popular movies' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();
  });

  it('toggles genre chips into a discover filter', async () => {
    const calls = fakeTmdb();
    const { user, router } = renderBrowse('/browse?q=Movie');
    const action = await screen.findByRole('button', { name: 'Action' });
    expect(action).toHaveAttribute('aria-pressed', 'false');

    await user.click(action);
    expect(search(router)).toBe('?genres=28'); // the search gives way to the genre
    expect(screen.getByRole('button', { name: /Action/ })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('heading', { level: 1, name: 'Action movies' })).toBeInTheDocument();
    await vi.waitFor(() => expect(titles()[0]).toBe('Movie 3'));
    expect(screen.getByLabelText('Movie title')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Adventure' }));
    expect(search(router)).toBe('?genres=28%2C12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Action + Adventure movies' })).toBeInTheDocument();
    await vi.waitFor(() => expect(titles()).toEqual(['Movie 6', 'Movie 12', 'Movie 18', 'Movie 24', 'Movie 30', 'Movie 36', 'Movie 42', 'Movie 48']));
    expect(calls.some((call) => call.path === '/tmdb/discover' && call.params.get('with_genres') === '28,12')).toBe(true);

    await user.click(screen.getByRole('button', { name: /Action/ }));
    expect(search(router)).toBe('?genres=12');
    expect(screen.getByRole('button', { name: /Action/ })).toHaveAttribute('aria-pressed', 'false');
  });

  it('asks for movies and genres in the reader’s language, again when it switches', async () => {
    const calls = fakeTmdb({ movies: makeMovies(2).map((movie) => (movie.id === 1 ? { ...movie, id: 603, title: 'The Matrix' } : movie)) });
    renderBrowse('/browse?genres=18');
    expect(await screen.findByRole('button', { name: 'Drama' })).toBeInTheDocument();
    await vi.waitFor(() => expect(titles()[0]).toBe('The Matrix'));
    const languages = (path: string) => calls.filter((call) => call.path === path).map((call) => call.params.get('language'));
    expect(languages('/tmdb/genres')).toEqual(['en-US']);
    expect(languages('/tmdb/discover')).toEqual(['en-US']);

    act(() => setLanguage('fi'));
    expect(await screen.findByRole('button', { name: 'Draama' })).toBeInTheDocument();
    await vi.waitFor(() => expect(titles()[0]).toBe('Matrix'));
    expect(languages('/tmdb/genres')).toEqual(['en-US', 'fi-FI']);
    expect(languages('/tmdb/discover')).toEqual(['en-US', 'fi-FI']);
  });

  it('lets a search win over genres in the URL, and drops them from the URL', async () => {
    const calls = fakeTmdb();
    const { router } = renderBrowse('/browse?genres=28&q=Movie&page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hakutulokset haulle “Movie”' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Action' })).toHaveAttribute('aria-pressed', 'false');
    await vi.waitFor(() => expect(search(router)).toBe('?q=Movie&page=2'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(calls.some((call) => call.path === '/tmdb/discover')).toBe(false);
  });

  it('follows Back and Forward through the pages', async () => {
    fakeTmdb();
    const { user, router } = renderBrowse('/browse?genres=18');
    await vi.waitFor(() => expect(titles()[0]).toBe('Movie 1'), { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await vi.waitFor(() => expect(titles()[0]).toBe('Movie 17'), { timeout: 5000 });
    await router.navigate(-1);
    await vi.waitFor(() => expect(titles()[0]).toBe('Movie 1'), { timeout: 5000 });
    expect(screen.getByRole('button', { name: /Drama/ })).toHaveAttribute('aria-pressed', 'true');
    await router.navigate(1);
    await vi.waitFor(() => expect(titles()[0]).toBe('Movie 17'), { timeout: 5000 });
  });

  it("shows 'Search failed' when the catalog cannot answer, and retries", async () => {
    let failing = true;
    fakeTmdb({
      override: ({ path }) =>
        failing && path === '/tmdb/search'
          ? { status: 503, body: { success: false, code: 'upstream_unavailable', message: 'Movie service unavailable' } }
          : undefined,
    });
    const { user } = renderBrowse('/browse?q=Movie');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search failed');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('movie-card')).toHaveLength(16);
  });

  it('puts the composed actions under each tile', async () => {
    fakeTmdb();
    renderWithProviders(<BrowsePage renderCardActions={(movie) => <button type="button">Save {movie.title}</button>} />, {
      path: '/browse',
      route: '/browse',
    });
    expect(await screen.findByRole('button', { name: 'Save Movie 1' })).toBeInTheDocument();
  });
});
