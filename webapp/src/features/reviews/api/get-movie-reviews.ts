import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { REVIEW_ERRORS, reviewKeys } from '@/components/review/api/reviews-api';
import { ApiError, api } from '@/lib/api-client';

export type MovieReviewsPage = components['schemas']['MovieReviewsData'];

/** Reviews per "load more". */
export const MOVIE_REVIEWS_PAGE = 10;

/** GET /reviews/movie/{id} → a page of reviews (newest first) with the movie's stats. */
export async function getMovieReviews(movieId: number, limit: number, offset: number): Promise<MovieReviewsPage> {
  const { data, error, response } = await api.GET('/reviews/movie/{movie_id}', {
    params: { path: { movie_id: movieId }, query: { limit, offset } },
  });
  if (!data) throw new ApiError(response.status, error, REVIEW_ERRORS.fetch);
  return data.data;
}

export function movieReviewsOptions(movieId: number) {
  return infiniteQueryOptions({
    queryKey: reviewKeys.movie(movieId),
    queryFn: ({ pageParam }) => getMovieReviews(movieId, MOVIE_REVIEWS_PAGE, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.pagination.hasMore ? last.pagination.offset + Math.max(last.reviews.length, 1) : undefined,
  });
}

export function useMovieReviews(movieId: number) {
  return useInfiniteQuery(movieReviewsOptions(movieId));
}
