import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { groupKeys } from './group-keys';
import type { Group, NewGroup } from './types';

/** POST /groups → 201 the new group (the creator is its owner). */
export async function createGroup(body: NewGroup): Promise<Group> {
  const { data, error, response } = await api.POST('/groups', { body });
  if (!data) throw new ApiError(response.status, error, 'Failed to create group.');
  return data.group;
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: (group) => {
      queryClient.setQueryData(groupKeys.detail(group.id), group);
      void queryClient.invalidateQueries({ queryKey: groupKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' });
    },
  });
}
