import { act, screen, within } from '@testing-library/react';
import { setLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';
import { fakeTmdb, theMatrix } from '../testing/fake-tmdb';
import { MoviePage } from './movie-page';

function renderMovie(id: string | number = 603, props: Parameters<typeof MoviePage>[0] = {}) {
  return renderWithProviders(<MoviePage {...props} />, { path: `/movie/${id}`, route: '/movie/:id' });
}

function facts() {
  const box = screen.getByRole('complementary', { name: 'Facts' });
  const entries: Record<string, string> = {};
  for (const row of within(box).getAllByRole('term')) entries[row.textContent ?? ''] = row.nextElementSibling?.textContent ?? '';
  return entries;
}

describe('MoviePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads the movie in the reader’s language and again in the other one after a switch', async () => {
    const calls = fakeTmdb();
    renderMovie();
    expect(await screen.findByRole('heading', { level: 1, name: 'The Matrix (1999)' })).toBeInTheDocument();
    const languages = () => calls.filter((call) => call.path === '/tmdb/603').map((call) => call.params.get('language'));
    expect(languages()).toEqual(['en-US']);

    act(() => setLanguage('fi'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Matrix (1999)' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Lajityypit' })).getByRole('link', { name: 'Tieteiselokuva' })).toBeInTheDocument();
    expect(languages()).toEqual(['en-US', 'fi-FI']);

    // Back to English: the first answer is still in the cache, no new call.
    act(() => setLanguage('en'));
    expect(await screen.findByRole('heading', { level: 1, name: 'The Matrix (1999)' })).toBeInTheDocument();
    expect(languages()).toEqual(['en-US', 'fi-FI']);
  });

  it('shows the movie with formatted runtime, rating and money', async () => {
    fakeTmdb();
    renderMovie();
    expect(screen.getByRole('status')).toHaveTextContent('Loading movie…');
    expect(await screen.findByRole('heading', { level: 1, name: 'The Matrix (1999)' })).toBeInTheDocument();
    expect(screen.getByText('Welcome to the Real World.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Poster of The Matrix' })).toHaveAttribute('src', theMatrix.posterPath);
    const glance = screen.getByRole('list', { name: 'At a glance' });
    expect(glance).toHaveTextContent('★ 8.2 / 10');
    expect(glance).toHaveTextContent('1999');
    expect(glance).toHaveTextContent('2 h 16 min');
    expect(within(screen.getByRole('list', { name: 'Genres' })).getByRole('link', { name: 'Science Fiction' })).toHaveAttribute(
      'href',
      '/browse?genres=878',
    );
    expect(screen.getByText(theMatrix.overview)).toBeInTheDocument();
    expect(facts()).toEqual({
      'Original title': 'The Matrix',
      'Release date': '31 March 1999',
      Runtime: '2 h 16 min',
      Budget: '$63,000,000',
      Revenue: '$463,517,383',
    });
    expect(document.title).toBe('The Matrix · Leffaseura');
  });

  it('speaks Finnish: labels, runtime, numbers and dates', async () => {
    fakeTmdb();
    renderWithProviders(<MoviePage />, { path: '/movie/603', route: '/movie/:id', language: 'fi' });
    expect(screen.getByRole('status')).toHaveTextContent('Ladataan elokuvaa…');
    await screen.findByRole('heading', { level: 1, name: 'Matrix (1999)' });
    expect(screen.getByRole('list', { name: 'Pikatiedot' })).toHaveTextContent('★ 8,2 / 10');
    const box = screen.getByRole('complementary', { name: 'Tiedot' });
    expect(box).toHaveTextContent('Julkaisupäivä31. maaliskuuta 1999');
    expect(box).toHaveTextContent('Kesto2 t 16 min');
    expect(box).toHaveTextContent(/Budjetti63\s000\s000\s\$/u);
    expect(screen.getByRole('link', { name: /Katso traileri/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Näyttelijät' })).toBeInTheDocument();
    // TMDB names jobs in English in every language; the key jobs are translated.
    expect(screen.getByRole('region', { name: 'Keskeiset tekijät' })).toHaveTextContent('Ohjaaja, Käsikirjoittaja');
  });

  it('links the trailer in a new tab', async () => {
    fakeTmdb();
    renderMovie();
    const trailer = await screen.findByRole('link', { name: /Watch trailer/ });
    expect(trailer).toHaveAttribute('href', theMatrix.trailer?.url);
    expect(trailer).toHaveAttribute('target', '_blank');
    expect(trailer).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('hides the trailer link when there is none and writes unknown facts as —', async () => {
    fakeTmdb({
      details: [{ ...theMatrix, trailer: null, budget: 0, revenue: null, runtime: null, voteAverage: 0, tagline: '', cast: [], keyCrew: [] }],
    });
    renderMovie();
    await screen.findByRole('heading', { level: 1, name: 'The Matrix (1999)' });
    expect(screen.queryByRole('link', { name: /trailer/i })).not.toBeInTheDocument();
    expect(facts()).toMatchObject({ Runtime: '—', Budget: '—', Revenue: '—' });
    expect(screen.getByRole('list', { name: 'At a glance' })).toHaveTextContent('Not rated yet');
    expect(screen.getByText('No cast listed.')).toBeInTheDocument();
    expect(screen.getByText('No crew listed.')).toBeInTheDocument();
  });

  it('lists cast and key crew in keyboard-scrollable carousels, with initials without a photo', async () => {
    fakeTmdb();
    renderMovie();
    const cast = await screen.findByRole('list', { name: 'Cast' });
    expect(cast).toHaveAttribute('tabindex', '0');
    const people = within(cast).getAllByRole('listitem');
    expect(people[0]).toHaveTextContent('Keanu Reeves');
    expect(people[0]).toHaveTextContent('Thomas A. Anderson / Neo');
    expect(people[0]?.querySelector('img')).toHaveAttribute('src', 'https://image.tmdb.org/t/p/w185/keanu.jpg');
    expect(people[1]).toHaveTextContent('LFLaurence Fishburne');
    const crew = screen.getByRole('list', { name: 'Key crew' });
    expect(crew).toHaveTextContent('Lana Wachowski');
    expect(crew).toHaveTextContent('Director, Writer');
  });

  it("says 'Movie not found' for an unknown movie", async () => {
    fakeTmdb();
    renderMovie(999999);
    expect(await screen.findByRole('heading', { level: 1, name: 'Movie not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse movies' })).toHaveAttribute('href', '/browse');
  });

  it("says 'Movie not found' for an id that is not a number, without asking the server", () => {
    const calls = fakeTmdb();
    renderMovie('abc');
    expect(screen.getByRole('heading', { level: 1, name: 'Movie not found' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("copies the page's link and says so", async () => {
    fakeTmdb();
    const { user } = renderMovie();
    // user-event installs a clipboard stub on navigator.
    await user.click(await screen.findByRole('button', { name: /Copy link/ }));
    expect(screen.getByRole('button', { name: /Link copied!/ })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/movie/603`);
  });

  it('falls back to execCommand, then to a link to copy by hand, without the Clipboard API', async () => {
    fakeTmdb();
    const { user } = renderMovie();
    const button = await screen.findByRole('button', { name: /Copy link/ });
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await user.click(button);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(screen.getByRole('button', { name: /Link copied!/ })).toBeInTheDocument();

    execCommand.mockReturnValue(false);
    await user.click(button);
    expect(screen.getByLabelText('Copy this link:')).toHaveValue(`${window.location.origin}/movie/603`);
  });

  it('leaves marked slots that the app fills with actions, a group selector and reviews', async () => {
    fakeTmdb();
    renderMovie(603, {
      renderActions: (movie) => <button type="button">Add {movie.title} to watchlist</button>,
      renderGroupSelector: (movie) => <span>Groups for {movie.id}</span>,
      renderReviews: (movie) => <h2>Reviews of {movie.originalTitle}</h2>,
    });
    await screen.findByRole('heading', { level: 1 });
    expect(within(screen.getByTestId('movie-actions-slot')).getByRole('button')).toHaveTextContent('Add The Matrix to watchlist');
    expect(screen.getByTestId('movie-group-slot')).toHaveTextContent('Groups for 603');
    expect(screen.getByTestId('movie-reviews-slot')).toHaveAttribute('id', 'reviews');
    expect(screen.getByTestId('movie-reviews-slot')).toHaveTextContent('Reviews of The Matrix');
  });
});
