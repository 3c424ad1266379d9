import type { Review } from '@/api/reviews';

/** A review as the API returns it; override what a test cares about. */
export function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    id: 1,
    movie_id: 603,
    user_id: 5,
    username: 'mikko',
    content: 'A fine film about choices.',
    rating: 4,
    likes: 2,
    dislikes: 1,
    created_at: '2025-10-14T18:03:00Z',
    updated_at: '2025-10-14T18:03:00Z',
    interactions: [],
    my_interaction: null,
    movie_name: 'The Matrix',
    poster_url: null,
    release_year: 1999,
    ...overrides,
  };
}

export const notFound = { status: 404, body: { success: false, code: 'not_found', message: 'Not found' } };
