import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from './untyped';
import type { TheatreArea } from './types';
import { PLACEHOLDER_AREA } from '../lib/schedule-params';

/** GET /finnkino/theatres: Finnkino's areas in its own order, without the "choose an area" placeholder. */
export const theatreAreasQuery = queryOptions({
  queryKey: ['showtimes', 'areas'],
  queryFn: async (): Promise<TheatreArea[]> => {
    const data = (await getJson('/finnkino/theatres', {}, 'Failed to load theatre areas')) as { theatreAreas: TheatreArea[] };
    return data.theatreAreas.filter((area) => area.id !== PLACEHOLDER_AREA);
  },
  // The server keeps areas for a day; the list hardly changes within a visit.
  staleTime: 60 * 60_000,
});

export function useTheatreAreas() {
  return useQuery(theatreAreasQuery);
}
