import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Genre } from '../types';
import { getJson } from './get-json';

/** GET /tmdb/genres → every movie genre (cached server-side for 7 days). */
export async function getGenres(): Promise<Genre[]> {
  const body = await getJson<{ genres: Genre[] }>('/tmdb/genres', {}, 'Failed to load genres');
  return body.genres;
}

export function genresQueryOptions() {
  return queryOptions({ queryKey: ['tmdb', 'genres'], queryFn: getGenres, staleTime: 60 * 60_000 });
}

export function useGenres() {
  return useQuery(genresQueryOptions());
}
