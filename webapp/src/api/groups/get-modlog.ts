import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { groupKeys } from './group-keys';
import type { ModlogEntry } from './types';

export const MODLOG_PAGE_SIZE = 10;

export type ModlogPage = { entries: ModlogEntry[]; total: number };

/** GET /groups/{id}/modlog, newest first (the owner and moderators). */
export function useModlog(id: number, page: number) {
  return useQuery({
    queryKey: groupKeys.modlog(id, page),
    queryFn: async (): Promise<ModlogPage> => {
      const { data, error, response } = await api.GET('/groups/{id}/modlog', {
        params: { path: { id }, query: { limit: MODLOG_PAGE_SIZE, offset: (page - 1) * MODLOG_PAGE_SIZE } },
      });
      if (!data) throw new ApiError(response.status, error, 'Failed to load the moderation log');
      return { entries: data.entries, total: data.pagination.total };
    },
    placeholderData: keepPreviousData,
  });
}
