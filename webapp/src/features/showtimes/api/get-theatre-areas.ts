import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTheatreAreas, showtimeKeys } from '@/api/showtimes';
import type { TheatreArea } from './types';
import { PLACEHOLDER_AREA } from '../lib/schedule-params';

/** GET /finnkino/theatres: Finnkino's areas in its own order, without the "choose an area" placeholder. */
export const theatreAreasQuery = queryOptions({
  queryKey: showtimeKeys.areas,
  queryFn: async (): Promise<TheatreArea[]> => (await getTheatreAreas()).filter((area) => area.id !== PLACEHOLDER_AREA),
  // The server keeps areas for a day; the list hardly changes within a visit.
  staleTime: 60 * 60_000,
});

export function useTheatreAreas() {
  return useQuery(theatreAreasQuery);
}
