// Group watch parties (issue 13 §1): planning one from a show, answers, confirming and
// cancelling, a user's next parties, and the group's calendar feed.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { ApiError, api } from '@/lib/api-client';
import { getToken } from '@/lib/auth-storage';

type Schemas = components['schemas'];

export type WatchParty = Schemas['WatchParty'];
export type RsvpAnswer = Schemas['RsvpAnswer'];
export type PartyShowInput = Schemas['PartyShowInput'];
export type CreatePartyRequest = Schemas['CreatePartyRequest'];
export type CalendarFeed = Schemas['CalendarFeedBody'];
export type PartyWhen = 'upcoming' | 'past';

/** The answers in the order the buttons show them. */
export const RSVP_ANSWERS: readonly RsvpAnswer[] = ['going', 'maybe', 'not_going'];
/** The longest meeting note the API accepts, in characters. */
export const PARTY_NOTE_MAX = 1000;
/** The longest cancel reason the API accepts, in characters. */
export const CANCEL_REASON_MAX = 500;

export const partyKeys = {
  all: ['parties'] as const,
  group: (groupId: number, when: PartyWhen) => ['parties', 'group', groupId, when] as const,
  mine: () => ['parties', 'mine'] as const,
  feed: (groupId: number) => ['parties', 'feed', groupId] as const,
};

/** Where a party's `.ics` is downloaded from. */
export function partyCalendarUrl(partyId: number): string {
  return `/api/v1/parties/${partyId}/calendar.ics`;
}

/**
 * Downloads a party's `.ics`. Fetched with the session's token (a private group's party is for
 * its members, and a plain link would go without it), then saved through a blob link.
 */
export async function downloadPartyCalendar(partyId: number): Promise<void> {
  const token = getToken();
  const response = await globalThis.fetch(partyCalendarUrl(partyId), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiError(response.status, body, 'Failed to download the calendar file');
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `watch-party-${partyId}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** POST /groups/{id}/parties → 201 the party (`scheduled` or, from a member, `proposed`). */
export async function createParty(groupId: number, body: CreatePartyRequest): Promise<WatchParty> {
  const { data, error, response } = await api.POST('/groups/{id}/parties', {
    params: { path: { id: groupId } },
    body,
  });
  if (!data) throw new ApiError(response.status, error, 'Failed to plan the watch party');
  return data.party;
}

export function groupPartiesQueryOptions(groupId: number, when: PartyWhen) {
  return queryOptions({
    queryKey: partyKeys.group(groupId, when),
    queryFn: async (): Promise<WatchParty[]> => {
      const { data, error, response } = await api.GET('/groups/{id}/parties', {
        params: { path: { id: groupId }, query: { when } },
      });
      if (!data) throw new ApiError(response.status, error, 'Failed to fetch the watch parties');
      return data.parties;
    },
  });
}

export function useGroupParties(groupId: number, when: PartyWhen, enabled = true) {
  return useQuery({ ...groupPartiesQueryOptions(groupId, when), enabled });
}

export function useMyParties(enabled: boolean) {
  return useQuery({
    queryKey: partyKeys.mine(),
    enabled,
    queryFn: async (): Promise<WatchParty[]> => {
      const { data, error, response } = await api.GET('/users/me/parties');
      if (!data) throw new ApiError(response.status, error, 'Failed to fetch your watch parties');
      return data.parties;
    },
  });
}

function useInvalidating<A>(mutationFn: (args: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partyKeys.all }),
  });
}

export function useCreateParty() {
  return useInvalidating(({ groupId, body }: { groupId: number; body: CreatePartyRequest }) => createParty(groupId, body));
}

export function useAnswerParty() {
  return useInvalidating(async ({ partyId, answer }: { partyId: number; answer: RsvpAnswer }) => {
    const { data, error, response } = await api.PUT('/parties/{party_id}/rsvp', {
      params: { path: { party_id: partyId } },
      body: { answer },
    });
    if (!data) throw new ApiError(response.status, error, 'Failed to save the answer');
    return data.party;
  });
}

export function useConfirmParty() {
  return useInvalidating(async (partyId: number) => {
    const { data, error, response } = await api.POST('/parties/{party_id}/confirm', {
      params: { path: { party_id: partyId } },
    });
    if (!data) throw new ApiError(response.status, error, 'Failed to confirm the watch party');
    return data.party;
  });
}

export function useCancelParty() {
  return useInvalidating(async ({ partyId, reason }: { partyId: number; reason: string }) => {
    const { data, error, response } = await api.POST('/parties/{party_id}/cancel', {
      params: { path: { party_id: partyId } },
      body: { reason },
    });
    if (!data) throw new ApiError(response.status, error, 'Failed to cancel the watch party');
    return data.party;
  });
}

export function useCalendarFeed(groupId: number, enabled: boolean) {
  return useQuery({
    queryKey: partyKeys.feed(groupId),
    enabled,
    queryFn: async (): Promise<CalendarFeed> => {
      const { data, error, response } = await api.GET('/groups/{id}/calendar-token', {
        params: { path: { id: groupId } },
      });
      if (!data) throw new ApiError(response.status, error, 'Failed to fetch the calendar feed');
      return data;
    },
  });
}

export function useRotateFeed(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<CalendarFeed> => {
      const { data, error, response } = await api.POST('/groups/{id}/calendar-token', {
        params: { path: { id: groupId } },
      });
      if (!data) throw new ApiError(response.status, error, 'Failed to create the calendar feed');
      return data;
    },
    onSuccess: (feed) => queryClient.setQueryData(partyKeys.feed(groupId), feed),
  });
}

export function useRevokeFeed(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<void> => {
      const { error, response } = await api.DELETE('/groups/{id}/calendar-token', {
        params: { path: { id: groupId } },
      });
      if (!response.ok) throw new ApiError(response.status, error, 'Failed to revoke the calendar feed');
    },
    onSuccess: () =>
      queryClient.setQueryData<CalendarFeed>(partyKeys.feed(groupId), { success: true, token: null, path: null }),
  });
}
