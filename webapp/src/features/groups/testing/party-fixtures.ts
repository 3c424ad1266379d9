import type { WatchParty } from '@/api/parties';

/** A scheduled party of group 12 two days from the fixed test clock's day, nobody answered yet. */
export function makeParty(overrides: Partial<WatchParty> = {}): WatchParty {
  return {
    id: 31,
    group_id: 12,
    group_name: 'Kauhuklubi',
    status: 'scheduled',
    show: {
      id: 5001,
      eventId: 303,
      title: 'Dyyni: Osa kaksi',
      theatre: 'Tennispalatsi, Helsinki',
      theatreId: 1031,
      auditorium: 'sali 7',
      areaId: 1002,
      areaName: 'Helsinki',
      start: '2099-11-27T17:30:00Z',
      startLocal: '2099-11-27T19:30',
      lengthInMinutes: 166,
      ticketUrl: 'https://www.finnkino.fi/websales/show/5001/',
      tmdbId: 693134,
    },
    note: 'Lobby bar at 19:00',
    rsvp_deadline: null,
    cancel_reason: null,
    created_by: 1,
    created_by_name: 'omistaja',
    created_at: '2099-11-20T10:00:00Z',
    counts: { going: 0, maybe: 0, not_going: 0 },
    answers: [],
    my_answer: null,
    my_role: 'member',
    can_answer: true,
    can_confirm: false,
    can_cancel: false,
    past: false,
    ...overrides,
  };
}
