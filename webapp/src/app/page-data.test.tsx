import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { BrowsePage } from '@/features/movies/components/browse-page';
import { MoviePage } from '@/features/movies/components/movie-page';
import { fakeTmdb } from '@/features/movies/testing/fake-tmdb';
import { I18nProvider } from '@/lib/i18n';
import { Router, Routes } from '@/lib/router';
import { createMemoryRouter } from '@/testing/memory-router';
import { prefetchPageData } from './page-data';
import { createQueryClient } from './provider';

async function renderPrefetched(path: string, route: string, page: React.ReactElement) {
  const queryClient = createQueryClient();
  const url = new URL(path, window.location.origin);
  await prefetchPageData(queryClient, url.pathname, url.search, 'en');
  const { source } = createMemoryRouter(path);
  render(
    <I18nProvider>
      <QueryClientProvider client={queryClient}>
        <Router source={source}>
          <Routes routes={[{ path: route, element: page }]} />
        </Router>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('the first page’s data, fetched before the first render (main.tsx)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the movie at once and asks for it once', async () => {
    const calls = fakeTmdb();
    await renderPrefetched('/movie/603', '/movie/:id', <MoviePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'The Matrix (1999)' })).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/tmdb/603']);
  });

  it('shows Browse’s movies and genres at once and asks for each once', async () => {
    const calls = fakeTmdb();
    await renderPrefetched('/browse?page=2', '/browse', <BrowsePage />);
    expect(screen.getByText('Movie 17')).toBeInTheDocument(); // the second page of 16 starts at 17
    expect(screen.getByRole('button', { name: 'Action' })).toBeInTheDocument();
    expect(calls.map((call) => `${call.path}?${call.params}`).sort()).toEqual([
      '/tmdb/genres?language=en-US',
      '/tmdb/popular?page=1&language=en-US',
      '/tmdb/popular?page=2&language=en-US',
    ]);
  });
});
