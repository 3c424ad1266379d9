import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getSchedule, showtimeKeys } from '@/api/showtimes';
import { byStart } from '../lib/show-time';
import { toShowView } from './to-show-view';
import type { ScheduleView } from './types';

/** GET /finnkino/schedule?area=&dt=: one day's shows in an area, sorted by start time. */
export function scheduleQuery(area: number, dt: string) {
  return queryOptions({
    queryKey: showtimeKeys.schedule(area, dt),
    queryFn: async (): Promise<ScheduleView> => {
      const data = await getSchedule(area, dt);
      return {
        shows: data.schedule.map(toShowView).sort(byStart),
        fetchedAt: data.fetchedAt,
        stale: data.stale,
      };
    },
    // The server caches schedules for 10 minutes.
    staleTime: 5 * 60_000,
  });
}

export function useSchedule(search: { area: number; dt: string } | null) {
  return useQuery({
    ...scheduleQuery(search?.area ?? 0, search?.dt ?? ''),
    enabled: search !== null,
    placeholderData: keepPreviousData,
  });
}
