import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import type { GroupChanges } from '../lib/group-draft';
import { viewerAfterUpdate, type Viewer } from '../lib/viewer';
import { groupKeys } from './group-keys';
import { clearMembersOnlyData } from './membership';
import type { Group } from './types';

/** PUT /groups/{id} with only the changed fields → the group as it is now. */
export async function updateGroup(id: number, changes: GroupChanges): Promise<Group> {
  const { data, error, response } = await api.PUT('/groups/{id}', { params: { path: { id } }, body: changes });
  if (!data) throw new ApiError(response.status, error, 'Failed to update group.');
  return data.group;
}

/**
 * Saves an edit. Afterwards (PRODUCT-SPEC §4): an answer that no longer counts the viewer as a
 * member clears the members-only data; otherwise the group is shown as answered and fetched
 * again, with every list that shows it.
 */
export function useUpdateGroup(id: number, viewerId: number | null, viewer: Viewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: GroupChanges) => updateGroup(id, changes),
    onSuccess: (group) => {
      queryClient.setQueryData(groupKeys.detail(id), group);
      const after = viewerAfterUpdate(group, viewerId, viewer);
      if (after.clearMemberData) clearMembersOnlyData(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: groupKeys.all });
    },
  });
}
