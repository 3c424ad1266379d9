// Reviews (API.md, Reviews): every review call, its query keys and options, and the writes
// (create, edit, delete, react) that keep every cached list showing a review in step.
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { ApiError, api } from '@/lib/api-client';
import { userKeys, type User } from './users';

type Schemas = components['schemas'];

export type Review = Schemas['Review'];
export type ReactionType = Schemas['ReactionType'];
export type ReviewStats = Schemas['ReviewStats'];
export type ReviewPagination = Schemas['ReviewPagination'];
export type NewReview = Schemas['CreateReviewRequest'];
export type ReviewChanges = Schemas['UpdateReviewRequest'];
export type MovieReviewsPage = Schemas['MovieReviewsData'];
export type UserReviewsPage = Schemas['ReviewPageData'];
export type UserActivityPage = Schemas['ActivityData'];
export type ActivityEntry = Schemas['ActivityItem'];

/** The fallback texts of failed review calls (PRODUCT-SPEC §8); the screen shows the text of the error's code first. */
export const REVIEW_ERRORS = {
  create: 'Failed to create review',
  fetch: 'Failed to fetch reviews',
  delete: 'Failed to delete review',
  update: 'Failed to update review',
  interaction: 'Failed to update interaction',
} as const;

/** A new review starts at 3 stars (PRODUCT-SPEC §5). */
export const DEFAULT_RATING = 3;

/** Every review query lives under `reviews` (groups' activity too), so a write can patch or refresh them all. */
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
  void queryClient.invalidateQueries({ queryKey: userKeys.all });
}

/** PUT /reviews/{id} with only the fields that changed. */
export async function updateReview(id: number, changes: ReviewChanges): Promise<Review> {
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

/** POST /reviews `{movieId, rating, content}` → 201 the review; 409 `already_reviewed`. */
export async function createReview(review: NewReview): Promise<Review> {
  const { data, error, response } = await api.POST('/reviews', { body: review });
  if (!data) throw new ApiError(response.status, error, REVIEW_ERRORS.create);
  return data.data.review;
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createReview, onSuccess: () => refreshAfterReviewChange(queryClient) });
}

/** Like, dislike or clear; every cached copy of the review takes the server's fresh counts. */
export function useReactToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, type }: { id: number; type: ReactionType | null }) => reactToReview(id, type),
    onSuccess: (review) => {
      patchCachedReview(queryClient, review.id, () => review);
      // The author's likes and aura changed.
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

/** Edit in place: only the changed fields go out. */
export function useUpdateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: ReviewChanges }) => updateReview(id, changes),
    onSuccess: (review: Review) => {
      patchCachedReview(queryClient, review.id, () => review);
      refreshAfterReviewChange(queryClient);
    },
  });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteReview(id),
    onSuccess: (_nothing, id) => {
      patchCachedReview(queryClient, id, () => null);
      refreshAfterReviewChange(queryClient);
    },
  });
}

/** GET /reviews/{id}: the review a `#review-{id}` link points at, when it is not on a loaded page. */
export async function getReview(id: number): Promise<Review> {
  const { data, error, response } = await api.GET('/reviews/{id}', { params: { path: { id } } });
  if (!data) throw new ApiError(response.status, error, REVIEW_ERRORS.fetch);
  return data.data.review;
}

export function useReview(id: number | null) {
  return useQuery({ queryKey: reviewKeys.one(id ?? 0), queryFn: () => getReview(id ?? 0), enabled: id !== null, retry: false });
}

/** The offset of the page after `last`, or undefined at the end (every paged review list answers this way). */
function nextOffset(last: { pagination: { hasMore: boolean; offset: number } }, shown: number) {
  return last.pagination.hasMore ? last.pagination.offset + Math.max(shown, 1) : undefined;
}

/**
 * The cursor of the page after `last` (its last review's time and id), or undefined at the
 * end. "Load more" asks by cursor where the list has one: a page deep in a long list costs
 * the server one index seek rather than a walk past every review before it (issue 14), and
 * a review posted meanwhile neither repeats one on the next page nor hides one, as an
 * offset would.
 */
function nextCursor(last: { pagination: { hasMore: boolean; nextCursor?: string | null } }) {
  return last.pagination.hasMore ? (last.pagination.nextCursor ?? undefined) : undefined;
}

/** The list's query: the first page without a cursor, each next one with the previous page's. */
const listQuery = (limit: number, cursor: string | null) => (cursor ? { limit, cursor } : { limit });

/** Reviews per "load more" on the Movie page. */
export const MOVIE_REVIEWS_PAGE = 10;

/** GET /reviews/movie/{id} → a page of reviews (newest first) with the movie's stats. */
export async function getMovieReviews(movieId: number, limit: number, cursor: string | null = null): Promise<MovieReviewsPage> {
  const { data, error, response } = await api.GET('/reviews/movie/{movie_id}', {
    params: { path: { movie_id: movieId }, query: listQuery(limit, cursor) },
  });
  if (!data) throw new ApiError(response.status, error, REVIEW_ERRORS.fetch);
  return data.data;
}

export function movieReviewsOptions(movieId: number) {
  return infiniteQueryOptions({
    queryKey: reviewKeys.movie(movieId),
    queryFn: ({ pageParam }) => getMovieReviews(movieId, MOVIE_REVIEWS_PAGE, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
  });
}

export function useMovieReviews(movieId: number) {
  return useInfiniteQuery(movieReviewsOptions(movieId));
}

/** Reviews (and activity entries) per page on a profile's Reviews and Activity tabs. */
export const USER_REVIEWS_PAGE = 10;
/** The Profile tab's newest reviews (PRODUCT-SPEC §9). */
export const NEWEST_REVIEWS = 2;

/** GET /reviews/user/{id} → a page of the user's reviews, newest first, with movie title and poster. */
export async function getUserReviews(userId: number, limit: number, cursor: string | null = null): Promise<UserReviewsPage> {
  const { data, error, response } = await api.GET('/reviews/user/{user_id}', {
    params: { path: { user_id: userId }, query: listQuery(limit, cursor) },
  });
  if (!data) throw new ApiError(response.status, error, REVIEW_ERRORS.fetch);
  return data.data;
}

export function newestReviewsOptions(userId: number) {
  return queryOptions({
    queryKey: [...reviewKeys.user(userId), 'newest', NEWEST_REVIEWS],
    queryFn: () => getUserReviews(userId, NEWEST_REVIEWS),
  });
}

export function userReviewsOptions(userId: number) {
  return infiniteQueryOptions({
    queryKey: [...reviewKeys.user(userId), 'pages', USER_REVIEWS_PAGE],
    queryFn: ({ pageParam }) => getUserReviews(userId, USER_REVIEWS_PAGE, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
  });
}

export function useNewestReviews(userId: number) {
  return useQuery(newestReviewsOptions(userId));
}

export function useUserReviews(userId: number) {
  return useInfiniteQuery(userReviewsOptions(userId));
}

/**
 * GET /reviews/user/{id}/activity → a page of what the user did, newest first: the reviews
 * they wrote and their likes and dislikes of others' reviews.
 */
export async function getUserActivity(userId: number, limit: number, offset = 0): Promise<UserActivityPage> {
  const { data, error, response } = await api.GET('/reviews/user/{user_id}/activity', {
    params: { path: { user_id: userId }, query: { limit, offset } },
  });
  if (!data) throw new ApiError(response.status, error, REVIEW_ERRORS.fetch);
  return data.data;
}

export function userActivityOptions(userId: number) {
  return infiniteQueryOptions({
    queryKey: [...reviewKeys.user(userId), 'activity', USER_REVIEWS_PAGE],
    queryFn: ({ pageParam }) => getUserActivity(userId, USER_REVIEWS_PAGE, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => nextOffset(last, last.activity.length),
  });
}

export function useUserActivity(userId: number) {
  return useInfiniteQuery(userActivityOptions(userId));
}

// The homepage's lists live under `home`: features/home keeps those keys in the tab for 30 minutes.

/** GET /reviews/recent?limit=…: the newest reviews. */
export function recentReviewsOptions(limit: number) {
  return queryOptions({
    queryKey: ['home', 'recent-reviews', limit],
    queryFn: async (): Promise<Review[]> => {
      const { data, error, response } = await api.GET('/reviews/recent', { params: { query: { limit } } });
      if (!data) throw new ApiError(response.status, error, REVIEW_ERRORS.fetch);
      return data.data.reviews;
    },
  });
}

export type Leaderboard = 'review-count' | 'aura';

/** GET /reviews/users-by-review-count or /reviews/users-by-aura: the top `limit` users. */
export function leaderboardOptions(board: Leaderboard, limit: number) {
  return queryOptions({
    queryKey: ['home', 'users', board, limit],
    queryFn: async (): Promise<User[]> => {
      const options = { params: { query: { limit } } };
      const { data, error, response } =
        board === 'aura' ? await api.GET('/reviews/users-by-aura', options) : await api.GET('/reviews/users-by-review-count', options);
      if (!data) throw new ApiError(response.status, error, 'Failed to load users');
      // The review-count board also lists users without reviews; they are not "active".
      return data.data.users.filter((user) => user.review_count > 0);
    },
  });
}
