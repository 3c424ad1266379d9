import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { groupKeys } from './group-keys';
import type { Theme } from './types';

/** GET /groups/themes → the four themes (they never change while the app runs). */
export function useThemes() {
  return useQuery({
    queryKey: groupKeys.themes,
    queryFn: async (): Promise<Theme[]> => {
      const { data, error, response } = await api.GET('/groups/themes');
      if (!data) throw new ApiError(response.status, error, 'Failed to load themes');
      return data.themes;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
