import { screen, within } from '@testing-library/react';
import type { Favorite } from '@/api/favorites';
import { reply } from '@/testing/api-reply';
import { mockApi, renderWithProviders } from '@/testing/render';
import { FavoritesPreview } from './favorites-preview';

const favorite = (id: number): Favorite => ({
  id,
  tmdb_id: id,
  movie_id: id,
  type: 2,
  group_id: null,
  original_title: `Film ${id}`,
  release_year: 1990 + id,
  poster_path: null,
  poster_url: null,
  imdb_rating: 6.5,
  created_at: '2025-10-14T18:03:00Z',
  added_by: 7,
});

describe('FavoritesPreview', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the newest few with a link to all of them', async () => {
    const calls = mockApi(({ path }) =>
      path === '/favorites/user/5/2'
        ? reply('/favorites/user/{userId}/{type}', 'get', 200, { success: true, data: [1, 2, 3, 4].map(favorite), pagination: { total: 9, limit: 4, offset: 0, hasMore: true } })
        : { status: 404, body: { success: false, code: 'not_found', message: 'Not found' } },
    );
    renderWithProviders(
      <FavoritesPreview userId={5} type={2} limit={4} label="mikko's favorite movies" emptyText="No favorites yet." seeAllHref="/favorites/5" />,
    );
    const grid = await screen.findByRole('list', { name: "mikko's favorite movies" });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'See all 9' })).toHaveAttribute('href', '/favorites/5');
    expect(calls.map((call) => call.path)).toContain('/favorites/user/5/2');
  });

  it('says so when there is nothing to show', async () => {
    mockApi(() => reply('/favorites/user/{userId}/{type}', 'get', 200, { success: true, data: [], pagination: { total: 0, limit: 8, offset: 0, hasMore: false } }));
    renderWithProviders(<FavoritesPreview userId={5} type={2} limit={8} label="Favorites" emptyText="No favorites yet." />);
    expect(await screen.findByText('No favorites yet.')).toBeInTheDocument();
  });
});
