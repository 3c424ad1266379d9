import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { ApiError, api } from '@/lib/api-client';

// The review calls every feature shares (API.md, Reviews): the types, the cache keys and
// the writes a review item makes (edit, delete, react). Listing calls live in the features.

export type Review = components['schemas']['Review'];
export type ReactionType = components['schemas']['ReactionType'];
export type ReviewStats = components['schemas']['ReviewStats'];
export type ReviewPagination = components['schemas']['ReviewPagination'];

/** PRODUCT-SPEC §8. */
export const REVIEW_ERRORS = {
  create: 'Failed to create review',
  fetch: 'Failed to fetch reviews',
  delete: 'Failed to delete review',
  update: 'Failed to update review',
  interaction: 'Failed to update interaction',
} as const;

/** PRODUCT-SPEC §5 and §9. */
export const DEFAULT_RATING = 3;
export const MAX_CONTENT = 5000;

export const reviewKeys = {
  all: ['reviews'] as const,
  movie: (movieId: number) => ['reviews', 'movie', movieId] as const,
  user: (userId: number | string) => ['reviews', 'user', String(userId)] as const,
  one: (id: number) => ['reviews', 'one', id] as const,
};

/** A page of reviews as every list query keeps it. */
type ReviewPage = { reviews: Review[] };

function isReviewPage(value: unknown): value is ReviewPage {
  return !!value && typeof value === 'object' && Array.isArray((value as ReviewPage).reviews);
}

function isInfinite(value: unknown): value is InfiniteData<unknown> {
  return !!value && typeof value === 'object' && Array.isArray((value as InfiniteData<unknown>).pages);
}

/**
 * Applies `change` to the review with `id` wherever a cached list or single review holds it
 * (null removes it from lists), so every place that shows it agrees at once.
 */
export function patchCachedReview(queryClient: QueryClient, id: number, change: (review: Review) => Review | null) {
  const patchPage = (page: unknown): unknown => {
    if (!isReviewPage(page) || !page.reviews.some((review) => review.id === id)) return page;
    const reviews: Review[] = [];
    for (const review of page.reviews) {
      if (review.id !== id) reviews.push(review);
      else {
        const next = change(review);
        if (next) reviews.push(next);
      }
    }
    return { ...page, reviews };
  };
  queryClient.setQueriesData({ queryKey: reviewKeys.all }, (data: unknown) => {
    if (isInfinite(data)) {
      const pages = data.pages.map(patchPage);
      return pages.every((page, index) => page === data.pages[index]) ? data : { ...data, pages };
    }
    if (isReviewPage(data)) return patchPage(data);
    if (data && typeof data === 'object' && (data as Review).id === id && 'content' in data) return change(data as Review) ?? undefined;
    return data;
  });
}

/** After a write: refresh every review list and the users' statistics (counts, averages, aura). */
export function refreshAfterReviewChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['users'] });
}

/** PUT /reviews/{id} with only the fields that changed. */
export async function updateReview(id: number, changes: { rating?: number; content?: string }): Promise<Review> {
  const { data, error, response } = await api.PUT('/reviews/{id}', { params: { path: { id } }, body: changes });
  if (!data) throw new ApiError(response.status, error, REVIEW_ERRORS.update);
  return data.data.review;
}

/** DELETE /reviews/{id} → 204. */
export async function deleteReview(id: number): Promise<void> {
  const { error, response } = await api.DELETE('/reviews/{id}', { params: { path: { id } } });
  if (!response.ok) throw new ApiError(response.status, error, REVIEW_ERRORS.delete);
}

/** POST /reviews/{id}/interaction: `like`, `dislike`, or nothing to clear. */
export async function reactToReview(id: number, type: ReactionType | null): Promise<Review> {
  const { data, error, response } = await api.POST('/reviews/{id}/interaction', {
    params: { path: { id } },
    // A missing type is the API's null: clear the reaction.
    body: type ? { type } : {},
  });
  if (!data) throw new ApiError(response.status, error, REVIEW_ERRORS.interaction);
  return data.data.review;
}

/** The review as it looks right after the caller's reaction changes from its current one to `next`. */
export function withReaction(review: Review, next: ReactionType | null): Review {
  const before = review.my_interaction;
  let { likes, dislikes } = review;
  if (before === 'like') likes -= 1;
  if (before === 'dislike') dislikes -= 1;
  if (next === 'like') likes += 1;
  if (next === 'dislike') dislikes += 1;
  return { ...review, likes: Math.max(0, likes), dislikes: Math.max(0, dislikes), my_interaction: next };
}
