import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { groupKeys } from './group-keys';
import { clearMembersOnlyData } from './membership';

/** DELETE /groups/{id} → 204 (the owner only). */
export async function deleteGroup(id: number): Promise<void> {
  const { error, response } = await api.DELETE('/groups/{id}', { params: { path: { id } } });
  if (!response.ok) throw new ApiError(response.status, error, 'Failed to delete group.');
}

export function useDeleteGroup(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteGroup(id),
    onSuccess: () => {
      clearMembersOnlyData(queryClient, id);
      queryClient.removeQueries({ queryKey: groupKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.all });
    },
  });
}
