import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { groupKeys } from './group-keys';

// Joining, asking to join, withdrawing and leaving (PRODUCT-SPEC §4).

/** Withdrawing a request that is already gone (404, 410) is what the user wanted (PRODUCT-SPEC §8). */
export function withdrawSucceeded(status: number): boolean {
  return (status >= 200 && status < 300) || status === 404 || status === 410;
}

/** Forgets what only members may see: members, requests, favorites, activity, the log. */
export function clearMembersOnlyData(queryClient: QueryClient, id: number) {
  for (const key of [groupKeys.members(id), groupKeys.pending(id), groupKeys.favorites(id), groupKeys.activity(id), ['groups', 'modlog', id]]) {
    queryClient.removeQueries({ queryKey: key });
  }
}

/** After the viewer's own membership changed: the group, its lists and the viewer's groups. */
function refreshMembership(queryClient: QueryClient, id: number) {
  void queryClient.invalidateQueries({ queryKey: groupKeys.all });
  void queryClient.invalidateQueries({ queryKey: groupKeys.activity(id) });
}

/** POST /groups/{id}/join (public groups: member at once). */
export async function joinGroup(id: number): Promise<void> {
  const { error, response } = await api.POST('/groups/{id}/join', { params: { path: { id } } });
  if (!response.ok) throw new ApiError(response.status, error, 'Failed to join or request to join group.');
}

/** POST /groups/{id}/request-join (private groups: pending until approved). */
export async function requestToJoin(id: number): Promise<void> {
  const { error, response } = await api.POST('/groups/{id}/request-join', { params: { path: { id } } });
  if (!response.ok) throw new ApiError(response.status, error, 'Failed to join or request to join group.');
}

/** DELETE /groups/{id}/leave (members, moderators), or DELETE /groups/{id}/request-join (a pending request). */
export async function leaveGroup(id: number, withdrawing: boolean): Promise<void> {
  const { error, response } = withdrawing
    ? await api.DELETE('/groups/{id}/request-join', { params: { path: { id } } })
    : await api.DELETE('/groups/{id}/leave', { params: { path: { id } } });
  // A request that is already gone is withdrawn all the same (PRODUCT-SPEC §8).
  if (withdrawing ? withdrawSucceeded(response.status) : response.ok) return;
  throw new ApiError(response.status, error, withdrawing ? 'Failed to withdraw join request.' : 'Failed to leave group.');
}

export function useJoinGroup(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (how: 'join' | 'request') => (how === 'join' ? joinGroup(id) : requestToJoin(id)),
    // A refusal may still mean a changed state ("already pending", "already a member").
    onSettled: () => refreshMembership(queryClient, id),
  });
}

export function useLeaveGroup(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (withdrawing: boolean) => leaveGroup(id, withdrawing),
    onSuccess: () => clearMembersOnlyData(queryClient, id),
    onSettled: () => refreshMembership(queryClient, id),
  });
}
