import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { groupKeys } from './group-keys';
import type { Group } from './types';

/** The API's largest window of a group list. */
const WINDOW = 50;
/** Browse pages through at most this many groups (PRODUCT-SPEC §9: paged in the browser). */
export const BROWSE_MAX = 500;

const FAILED = 'Failed to load groups';

type Window = { groups: Group[]; hasMore: boolean };

/** One window of the search (every group for an empty `q`) or of the genre list. */
async function browseWindow(q: string, genres: readonly number[], offset: number): Promise<Window> {
  if (genres.length > 0 && !q) {
    const { data, error, response } = await api.GET('/groups/by-genres', {
      params: { query: { genres: genres.join(','), matchType: 'any', limit: WINDOW, offset } },
    });
    if (!data) throw new ApiError(response.status, error, FAILED);
    return { groups: data.groups, hasMore: data.pagination.hasMore };
  }
  const { data, error, response } = await api.GET('/groups/search', { params: { query: { query: q, limit: WINDOW, offset } } });
  if (!data) throw new ApiError(response.status, error, FAILED);
  // The search has no genre filter: keep the groups tagged with a chosen genre.
  const groups = genres.length === 0 ? data.groups : data.groups.filter((group) => group.tags.some((tag) => genres.includes(tag)));
  return { groups, hasMore: data.pagination.hasMore };
}

/**
 * The groups Browse lists, most popular first: those matching `q` (name and description) and
 * tagged with any of `genres`; every group without either. All of them (up to 500) at once,
 * so the page can show them 16 at a time without asking again.
 */
export async function browseGroups(q: string, genres: readonly number[]): Promise<Group[]> {
  const found: Group[] = [];
  const seen = new Set<number>();
  for (let offset = 0; offset < BROWSE_MAX; offset += WINDOW) {
    const window = await browseWindow(q, genres, offset);
    for (const group of window.groups) {
      // A group that moved up between two windows is listed once.
      if (!seen.has(group.id)) {
        seen.add(group.id);
        found.push(group);
      }
    }
    if (!window.hasMore) break;
  }
  return found;
}

export function useBrowseGroups(q: string, genres: readonly number[]) {
  return useQuery({
    queryKey: groupKeys.browse(q, genres),
    queryFn: () => browseGroups(q, genres),
    placeholderData: keepPreviousData,
  });
}
