import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { groupKeys } from './group-keys';
import { clearMembersOnlyData } from './membership';
import type { Group, GroupChanges } from './types';

/** PUT /groups/{id} with only the changed fields → the group as it is now. */
export async function updateGroup(id: number, changes: GroupChanges): Promise<Group> {
  const { data, error, response } = await api.PUT('/groups/{id}', { params: { path: { id } }, body: changes });
  if (!data) throw new ApiError(response.status, error, 'Failed to update group.');
  return data.group;
}

/**
 * Saves an edit. Afterwards (PRODUCT-SPEC §4): an answer that no longer counts the viewer as a
 * member (`stillMember` says, by the group's viewer rules) clears the members-only data;
 * otherwise the group is shown as answered and fetched again, with every list that shows it.
 */
export function useUpdateGroup(id: number, stillMember: (group: Group) => boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: GroupChanges) => updateGroup(id, changes),
    onSuccess: (group) => {
      queryClient.setQueryData(groupKeys.detail(id), group);
      if (!stillMember(group)) clearMembersOnlyData(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: groupKeys.all });
    },
  });
}
