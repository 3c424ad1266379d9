import { screen, within } from '@testing-library/react';
import type { ReviewStats } from '@/api/reviews';
import { makeReview, notFound } from '@/components/review/testing/review-fixtures';
import { reply } from '@/testing/api-reply';
import { logIn, mockApi, renderWithProviders, testUser } from '@/testing/render';
import { MovieReviews } from './movie-reviews';

const stats: ReviewStats = { averageRating: 3.5, totalReviews: 2, ratingDistribution: { 1: 0, 2: 0, 3: 1, 4: 1, 5: 0 } };
const emptyStats: ReviewStats = { averageRating: null, totalReviews: 0, ratingDistribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } };

function page(reviews: ReturnType<typeof makeReview>[], { total = reviews.length, offset = 0, hasMore = false, withStats = stats, nextCursor = null as string | null } = {}) {
  return reply('/reviews/movie/{movie_id}', 'get', 200, { success: true, data: { reviews, stats: withStats, pagination: { total, limit: 10, offset, hasMore, nextCursor } } });
}

const two = [
  makeReview({ id: 2, user_id: 5, username: 'mikko', rating: 4, content: 'Mind-bending.' }),
  makeReview({ id: 1, user_id: 6, username: 'aino', rating: 3, content: 'Too long for me.' }),
];

function renderReviews(path = '/movie/603') {
  return renderWithProviders(<MovieReviews movieId={603} movieTitle="The Matrix" />, { path, route: '/movie/:id' });
}

describe('MovieReviews', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows visitors the stats and every review, and a login prompt instead of the form', async () => {
    const calls = mockApi(({ path }) => (path === '/reviews/movie/603' ? page(two) : notFound));
    renderReviews();
    expect(screen.getByRole('status')).toHaveTextContent('Loading reviews…');
    const list = await screen.findByRole('list', { name: 'Reviews of The Matrix' });
    expect(within(list).getAllByRole('article').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Review by mikko',
      'Review by aino',
    ]);
    expect(screen.getByText('3.5')).toBeInTheDocument();
    expect(screen.getByText('2 reviews')).toBeInTheDocument();
    const bars = within(screen.getByRole('list', { name: 'Rating distribution' })).getAllByRole('listitem');
    expect(bars.map((bar) => bar.querySelector('.visually-hidden')?.textContent)).toEqual([
      '5 stars: 0 reviews',
      '4 stars: 1 review',
      '3 stars: 1 review',
      '2 stars: 0 reviews',
      '1 star: 0 reviews',
    ]);
    expect(screen.getByText('Log in to write a review.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login / Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(calls[0]?.path).toBe('/reviews/movie/603');
  });

  it('offers the form with 3 stars chosen, and refuses empty content', async () => {
    logIn();
    const calls = mockApi(({ path }) => (path === '/reviews/movie/603' ? page([], { withStats: emptyStats }) : notFound));
    const { user } = renderReviews();
    const form = await screen.findByRole('region', { name: 'Write a review' });
    expect(screen.getByText(/^No reviews yet\./)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Rating distribution' })).not.toBeInTheDocument();
    expect(within(form).getByRole('group', { name: 'Rating' })).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(within(form).getAllByRole('radio')).toHaveLength(5);
    await user.type(within(form).getByRole('textbox', { name: 'Your review' }), '   ');
    await user.click(within(form).getByRole('button', { name: 'Post review' }));
    expect(within(form).getByText('Please write your review before posting it.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Your review' })).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('posts a review with the chosen stars, then shows it instead of the form', async () => {
    logIn();
    let posted: ReturnType<typeof makeReview> | null = null;
    const calls = mockApi(({ method, path, body }) => {
      if (method === 'POST' && path === '/reviews') {
        const { rating, content } = body as { rating: number; content: string };
        posted = makeReview({ id: 3, user_id: testUser.id, username: testUser.username, rating, content, likes: 0, dislikes: 0 });
        return reply('/reviews', 'post', 201, { success: true, data: { review: posted } });
      }
      if (path === '/reviews/movie/603') return posted ? page([posted, ...two], { total: 3 }) : page(two);
      return notFound;
    });
    const { user } = renderReviews();
    const form = await screen.findByRole('region', { name: 'Write a review' });
    await user.click(within(form).getByRole('radio', { name: '5 stars' }));
    await user.type(within(form).getByRole('textbox', { name: 'Your review' }), '  Still the best.  ');
    await user.click(within(form).getByRole('button', { name: 'Post review' }));
    await screen.findByRole('article', { name: `Review by ${testUser.username}` });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ movieId: 603, rating: 5, content: 'Still the best.' });
    expect(screen.queryByRole('region', { name: 'Write a review' })).not.toBeInTheDocument();
    expect(screen.getByText(/You have reviewed this movie/)).toBeInTheDocument();
  });

  it('says "Failed to create review" with the server\'s reason (409 already reviewed)', async () => {
    logIn();
    mockApi(({ method, path }) => {
      if (method === 'POST' && path === '/reviews')
        return { status: 409, body: { success: false, code: 'already_reviewed', message: 'You have already reviewed this movie.' } };
      if (path === '/reviews/movie/603') return page(two);
      return notFound;
    });
    const { user } = renderReviews();
    const form = await screen.findByRole('region', { name: 'Write a review' });
    await user.type(within(form).getByRole('textbox', { name: 'Your review' }), 'Again');
    await user.click(within(form).getByRole('button', { name: 'Post review' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Failed to create review: You have already reviewed this movie.',
    );
    expect(within(form).getByRole('textbox', { name: 'Your review' })).toHaveValue('Again');
  });

  it('hides the form from a user whose review is listed', async () => {
    logIn({ ...testUser, id: 6 });
    mockApi(({ path }) => (path === '/reviews/movie/603' ? page(two) : notFound));
    renderReviews();
    await screen.findByRole('list', { name: 'Reviews of The Matrix' });
    expect(screen.queryByRole('region', { name: 'Write a review' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your review' })).toHaveAttribute('href', '/movie/603#review-1');
  });

  it('says "Failed to fetch reviews" when the list cannot be loaded', async () => {
    mockApi(() => ({ status: 500, body: { success: false, code: 'internal', message: 'Internal error' } }));
    renderReviews();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to fetch reviews$/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('loads more reviews page by page', async () => {
    const calls = mockApi(({ path }) => {
      if (path !== '/reviews/movie/603') return notFound;
      return calls.length === 1 ? page([two[0]!], { total: 2, hasMore: true, nextCursor: '1760450000000-2' }) : page([two[1]!], { total: 2 });
    });
    const { user } = renderReviews();
    await screen.findByRole('article', { name: 'Review by mikko' });
    expect(screen.getByText('Showing 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more reviews' }));
    await screen.findByRole('article', { name: 'Review by aino' });
    expect(screen.queryByRole('button', { name: 'Load more reviews' })).not.toBeInTheDocument();
    // The next page is asked for after the last review shown, not by counting: a review
    // written meanwhile neither repeats nor hides one.
    const second = calls[1];
    expect(second?.path).toBe('/reviews/movie/603');
    expect(second?.query.get('cursor')).toBe('1760450000000-2');
    expect(second?.query.has('offset')).toBe(false);
    expect(calls[0]?.query.has('cursor')).toBe(false);
  });

  it('scrolls to and highlights the review in the address (#review-{id})', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    mockApi(({ path }) => (path === '/reviews/movie/603' ? page(two) : notFound));
    renderReviews('/movie/603#review-1');
    const target = await screen.findByRole('article', { name: 'Review by aino' });
    await vi.waitFor(() => expect(scrolled).toHaveBeenCalledOnce());
    expect(scrolled.mock.contexts[0]).toBe(target);
    expect(target.className).toMatch(/highlighted/);
    expect(target).toHaveFocus();
    expect(screen.getByRole('article', { name: 'Review by mikko' }).className).not.toMatch(/highlighted/);
  });

  it('fetches a linked review that is not on the first page and shows it first', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    const old = makeReview({ id: 77, user_id: 9, username: 'veikko', content: 'An old take.' });
    mockApi(({ path }) => {
      if (path === '/reviews/movie/603') return page(two, { total: 30, hasMore: true });
      if (path === '/reviews/77') return reply('/reviews/{id}', 'get', 200, { success: true, data: { review: old } });
      return notFound;
    });
    renderReviews('/movie/603#review-77');
    const target = await screen.findByRole('article', { name: 'Review by veikko' });
    const items = within(screen.getByRole('list', { name: 'Reviews of The Matrix' })).getAllByRole('article');
    expect(items[0]).toBe(target);
    expect(target.className).toMatch(/highlighted/);
  });
});
