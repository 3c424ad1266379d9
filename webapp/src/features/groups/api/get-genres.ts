import { useQuery } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { ApiError, api } from '@/lib/api-client';

export type Genre = components['schemas']['Genre'];

/** GET /tmdb/genres: the genres a group can be tagged with (the Browse page shares this cache key). */
export function useGenres() {
  return useQuery({
    queryKey: ['tmdb', 'genres'],
    queryFn: async (): Promise<Genre[]> => {
      const { data, error, response } = await api.GET('/tmdb/genres');
      if (!data) throw new ApiError(response.status, error, 'Failed to load genres');
      return data.genres;
    },
    staleTime: 60 * 60_000,
  });
}
