import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import type { Genre } from '../types';

/** GET /tmdb/genres → every movie genre (cached server-side for 7 days). */
export async function getGenres(): Promise<Genre[]> {
  const { data, error, response } = await api.GET('/tmdb/genres');
  if (!data) throw new ApiError(response.status, error, 'Failed to load genres');
  return data.genres;
}

export function genresQueryOptions() {
  return queryOptions({ queryKey: ['tmdb', 'genres'], queryFn: getGenres, staleTime: 60 * 60_000 });
}

export function useGenres() {
  return useQuery(genresQueryOptions());
}
