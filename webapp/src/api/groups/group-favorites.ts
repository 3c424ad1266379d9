import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { ApiError, api } from '@/lib/api-client';
import { pageOffset } from './paging';
import { groupKeys } from './group-keys';

export type GroupFavorite = components['schemas']['Favorite'];
export type FavoritePage = { items: GroupFavorite[]; total: number };

/** Group favorites a page (PRODUCT-SPEC §9). */
export const FAVORITES_PAGE_SIZE = 8;

/** PRODUCT-SPEC §3: type 3 is a group favorite. */
export const GROUP_FAVORITE = 3;

/** GET /favorites/group/{groupId}, a page of 8 (members only). */
export async function getGroupFavorites(groupId: number, page: number): Promise<FavoritePage> {
  const { data, error, response } = await api.GET('/favorites/group/{groupId}', {
    params: { path: { groupId }, query: { limit: FAVORITES_PAGE_SIZE, offset: pageOffset(page, FAVORITES_PAGE_SIZE) } },
  });
  if (!data) throw new ApiError(response.status, error, 'Failed to load group favorites');
  return { items: data.data, total: data.pagination.total };
}

export function groupFavoritesQuery(groupId: number, page: number) {
  return { queryKey: groupKeys.favoritesPage(groupId, page), queryFn: () => getGroupFavorites(groupId, page) };
}

export function useGroupFavorites(groupId: number, page: number) {
  return useQuery({ ...groupFavoritesQuery(groupId, page), placeholderData: keepPreviousData });
}

/** DELETE /favorites/{movieId}/3/group/{groupId} (owner or moderator) → 204. */
export async function removeGroupFavorite(groupId: number, movieId: number): Promise<void> {
  const { error, response } = await api.DELETE('/favorites/{movieId}/{type}/group/{groupId}', {
    params: { path: { movieId, type: GROUP_FAVORITE, groupId } },
  });
  if (!response.ok) throw new ApiError(response.status, error, 'Failed to remove movie from favorites');
}

export function useRemoveGroupFavorite(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (movieId: number) => removeGroupFavorite(groupId, movieId),
    onSuccess: (_nothing, movieId) => {
      // Drop it from the loaded pages at once (PRODUCT-SPEC §4), then let the pages refill.
      queryClient.setQueriesData<FavoritePage>({ queryKey: groupKeys.favorites(groupId) }, (page) =>
        page ? { items: page.items.filter((item) => item.tmdb_id !== movieId), total: Math.max(0, page.total - 1) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: groupKeys.favorites(groupId) });
    },
  });
}

export type MovieToAdd = { id: number; title: string; year?: string | null; posterPath?: string | null };

function releaseYear(date: string | null | undefined): number | undefined {
  const year = Number.parseInt((date ?? '').slice(0, 4), 10);
  return Number.isFinite(year) && year > 0 ? year : undefined;
}

/** POST /favorites `{movie_id, type: 3, group_id, …}` → true when added, false when it was already there (200). */
export async function addGroupFavorite(groupId: number, movie: MovieToAdd): Promise<boolean> {
  const { error, response } = await api.POST('/favorites', {
    body: {
      movie_id: movie.id,
      type: GROUP_FAVORITE,
      group_id: groupId,
      original_title: movie.title || undefined,
      release_year: releaseYear(movie.year),
      poster_path: movie.posterPath || undefined,
    },
  });
  if (!response.ok) throw new ApiError(response.status, error, 'Failed to add movie to group favorites.');
  return response.status === 201;
}

export function useAddGroupFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, movie }: { groupId: number; movie: MovieToAdd }) => addGroupFavorite(groupId, movie),
    onSuccess: (_added, { groupId }) => void queryClient.invalidateQueries({ queryKey: groupKeys.favorites(groupId) }),
  });
}
