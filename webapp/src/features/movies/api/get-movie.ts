import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { toMovie, type Movie } from '../types';

/** GET /tmdb/{id} → the movie with cast, key crew and trailer; 404 "Movie not found". */
export async function getMovie(id: number): Promise<Movie> {
  const { data, error, response } = await api.GET('/tmdb/{id}', { params: { path: { id: String(id) } } });
  if (!data) throw new ApiError(response.status, error, 'Failed to load movie');
  return toMovie(data);
}

export function movieQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['tmdb', 'movie', id],
    queryFn: () => getMovie(id),
    staleTime: 10 * 60_000,
    // A missing movie stays missing; other failures get one more try.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}

export function useMovie(id: number | null) {
  return useQuery({ ...movieQueryOptions(id ?? 0), enabled: id !== null });
}
