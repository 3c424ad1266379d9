// Server answers for the Showtimes tests, in the API's shapes.

export const areasAnswer = {
  success: true,
  theatreAreas: [
    { id: 1029, name: 'Valitse alue/teatteri' },
    { id: 1014, name: 'Pääkaupunkiseutu' },
    { id: 1002, name: 'Helsinki' },
    { id: 1021, name: 'Tampere' },
  ],
};

let nextId = 1;

export function makeShow(overrides: Record<string, unknown> = {}) {
  const id = nextId++;
  return {
    id,
    eventId: 300000 + id,
    title: `Elokuva ${id}`,
    originalTitle: `Movie ${id}`,
    productionYear: 2026,
    lengthInMinutes: 110,
    rating: 'K-12',
    genres: ['Draama'],
    theatre: 'Tennispalatsi, Helsinki',
    auditorium: 'sali 3',
    start: '2026-11-25T16:30:00Z',
    end: '2026-11-25T18:30:00Z',
    filmRating: 'K-12',
    theatreId: 1038,
    startLocal: '2026-11-25T18:30',
    endLocal: '2026-11-25T20:30',
    presentationMethod: '2D',
    language: { code: 'EN', name: 'englanti' },
    subtitles: [
      { code: 'FI', name: 'suomi' },
      { code: 'SV', name: 'ruotsi' },
    ],
    dubbed: false,
    eventSeries: null,
    images: { small: null, medium: null, large: null },
    ticketUrl: `https://www.finnkino.fi/websales/show/${id}/`,
    tmdbId: null,
    posterPath: null,
    overview: null,
    voteAverage: null,
    ...overrides,
  };
}

export function scheduleAnswer(shows: unknown[], extra: Record<string, unknown> = {}) {
  return { success: true, schedule: shows, fetchedAt: '2026-11-24T12:02:00Z', stale: false, ...extra };
}
