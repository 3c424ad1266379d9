import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/auth-storage';
import { NO_STATUS, StatusBatcher, type FavoriteStatus } from '../status-batcher';
import { favoriteKeys } from './favorite-keys';
import { getFavoriteStatuses } from './favorites-api';

/** One batcher per query client: the app has one, every test gets a fresh one. */
const batchers = new WeakMap<QueryClient, StatusBatcher>();

export function statusBatcherFor(queryClient: QueryClient): StatusBatcher {
  let batcher = batchers.get(queryClient);
  if (!batcher) {
    batcher = new StatusBatcher({ fetchStatuses: getFavoriteStatuses });
    batchers.set(queryClient, batcher);
  }
  return batcher;
}

/** The key part naming whose statuses these are, or null for a visitor. */
export function useViewerKey(): string | null {
  const session = useSession();
  if (!session) return null;
  return session.user?.id !== undefined ? String(session.user.id) : 'me';
}

/**
 * Whether the signed-in user has `movieId` in favorites and watchlist. Every bar on the page
 * asks through the batcher, so a page of tiles costs one call; bars showing the same movie
 * share one cache entry. Until the answer comes, `known` fills in what the page knows. A
 * visitor makes no call and sees everything off.
 */
export function useFavoriteStatus(
  movieId: number,
  known?: Partial<FavoriteStatus>,
): { status: FavoriteStatus; isLoading: boolean } {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  const query = useQuery({
    queryKey: favoriteKeys.status(viewer ?? 'visitor', movieId),
    queryFn: ({ signal }) => statusBatcherFor(queryClient).load(movieId, signal),
    enabled: viewer !== null && Number.isFinite(movieId),
    staleTime: 5 * 60_000,
  });
  if (viewer === null) return { status: NO_STATUS, isLoading: false };
  return { status: query.data ?? { ...NO_STATUS, ...known }, isLoading: query.isPending };
}
