import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { groupKeys } from './group-keys';
import type { Group, GroupMember, PendingRequest } from './types';

// The member list and what the owner and moderators do with it (PRODUCT-SPEC §4–6).

/** GET /groups/{id}/members (members only: "You need to be in the group to view members."). */
export function useMembers(id: number, enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.members(id),
    queryFn: async (): Promise<GroupMember[]> => {
      const { data, error, response } = await api.GET('/groups/{id}/members', { params: { path: { id } } });
      if (!data) throw new ApiError(response.status, error, 'Failed to load members.');
      return data.members;
    },
    enabled,
  });
}

/** GET /groups/{id}/pending-requests (the owner and moderators). */
export function usePendingRequests(id: number, enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.pending(id),
    queryFn: async (): Promise<PendingRequest[]> => {
      const { data, error, response } = await api.GET('/groups/{id}/pending-requests', { params: { path: { id } } });
      if (!data) throw new ApiError(response.status, error, 'Failed to load pending requests.');
      return data.pendingRequests;
    },
    enabled,
  });
}

export type MemberChange =
  | { kind: 'approve'; userId: number }
  | { kind: 'decline'; userId: number }
  | { kind: 'remove'; userId: number }
  | { kind: 'promote'; userId: number }
  | { kind: 'demote'; userId: number }
  | { kind: 'transfer'; userId: number };

/** The §8 failure text of each change. */
export const CHANGE_FAILED: Record<MemberChange['kind'], string> = {
  approve: 'Failed to approve request.',
  decline: 'Failed to decline request.',
  remove: 'Failed to remove member.',
  promote: 'Failed to promote member.',
  demote: 'Failed to demote member.',
  transfer: 'Failed to transfer ownership.',
};

export async function changeMember(groupId: number, change: MemberChange): Promise<Group | null> {
  const path = { id: groupId, userId: change.userId };
  const fail = (status: number, error: unknown) => new ApiError(status, error, CHANGE_FAILED[change.kind]);
  switch (change.kind) {
    case 'approve': {
      const { error, response } = await api.PUT('/groups/{id}/members/{userId}/approve', { params: { path } });
      if (!response.ok) throw fail(response.status, error);
      return null;
    }
    case 'decline':
    case 'remove': {
      const { error, response } = await api.DELETE('/groups/{id}/members/{userId}', { params: { path } });
      if (!response.ok) throw fail(response.status, error);
      return null;
    }
    case 'promote':
    case 'demote': {
      const role = change.kind === 'promote' ? 'moderator' : 'member';
      const { error, response } = await api.PUT('/groups/{id}/members/{userId}/role', { params: { path }, body: { role } });
      if (!response.ok) throw fail(response.status, error);
      return null;
    }
    case 'transfer': {
      const { data, error, response } = await api.PUT('/groups/{id}/owner', {
        params: { path: { id: groupId } },
        body: { user_id: change.userId },
      });
      if (!data) throw fail(response.status, error);
      return data.group;
    }
  }
}

/** Any change to the member list; afterwards the group (count, roles) and its lists are fetched again. */
export function useChangeMember(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: MemberChange) => changeMember(groupId, change),
    onSuccess: (group) => {
      if (group) queryClient.setQueryData(groupKeys.detail(groupId), group);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: groupKeys.all });
      void queryClient.invalidateQueries({ queryKey: groupKeys.activity(groupId) });
    },
  });
}
