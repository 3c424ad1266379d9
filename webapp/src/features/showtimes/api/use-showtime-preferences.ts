import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useSession } from '@/lib/auth-storage';
import { isAgeRating, type ShowFormat } from '../lib/filters';
import {
  loadLocalPreferences,
  NO_PREFERENCES,
  PREFERENCES_KEY,
  saveLocalPreferences,
  type ShowtimePreferences,
} from '../lib/local-preferences';
import { parseAreaId } from '../lib/schedule-params';
import { getShowtimePreferences, saveShowtimePreferences, showtimeKeys, type ShowtimePreferences as ServerPreferences } from '@/api/showtimes';

export function fromServer(prefs: ServerPreferences): ShowtimePreferences {
  const formats: ShowFormat[] = [];
  if (prefs.three_d) formats.push('3D');
  if (prefs.imax) formats.push('IMAX');
  return {
    area: parseAreaId(prefs.area_id === null ? null : String(prefs.area_id)),
    filters: {
      originalWithFinnishSubtitles: prefs.original_with_finnish_subtitles,
      finnishDub: prefs.finnish_dub,
      formats,
      maxAge: isAgeRating(prefs.max_rating) ? prefs.max_rating : null,
    },
  };
}

export function toServer({ area, filters }: ShowtimePreferences): ServerPreferences {
  return {
    area_id: area,
    original_with_finnish_subtitles: filters.originalWithFinnishSubtitles,
    finnish_dub: filters.finnishDub,
    three_d: filters.formats.includes('3D'),
    imax: filters.formats.includes('IMAX'),
    max_rating: filters.maxAge,
  };
}

const serverKey = showtimeKeys.preferences;

// A visitor's preferences: local storage, shared by every component that reads them.
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached = NO_PREFERENCES;

function localSnapshot(): ShowtimePreferences {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(PREFERENCES_KEY);
  } catch {
    raw = null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = loadLocalPreferences();
  }
  return cached;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === PREFERENCES_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export type PreferencesState = {
  preferences: ShowtimePreferences;
  /** False while a signed-in user's saved preferences are still on their way. */
  isReady: boolean;
  save: (preferences: ShowtimePreferences) => void;
};

/**
 * The area and filters chosen last time: on the server for a signed-in user (so they follow
 * them to any browser), in this browser for a visitor. Saving shows the change at once.
 */
export function useShowtimePreferences(): PreferencesState {
  const session = useSession();
  const token = session?.token ?? null;
  const client = useQueryClient();
  const local = useSyncExternalStore(subscribe, localSnapshot, localSnapshot);

  const server = useQuery({
    queryKey: serverKey(token ?? ''),
    queryFn: async () => fromServer(await getShowtimePreferences()),
    enabled: token !== null,
    staleTime: Infinity,
  });

  const mutation = useMutation({
    mutationFn: (next: ShowtimePreferences) => saveShowtimePreferences(toServer(next)),
  });
  const { mutate } = mutation;

  const save = useCallback(
    (next: ShowtimePreferences) => {
      // This browser remembers them too, for after a logout.
      saveLocalPreferences(next);
      for (const listener of listeners) listener();
      if (token !== null) {
        client.setQueryData(serverKey(token), next);
        mutate(next);
      }
    },
    [client, mutate, token],
  );

  if (token === null) return { preferences: local, isReady: true, save };
  if (server.data) {
    // A user who never saved any yet starts from what this browser remembers.
    const untouched = server.data.area === null && JSON.stringify(server.data) === JSON.stringify(NO_PREFERENCES);
    return { preferences: untouched ? local : server.data, isReady: true, save };
  }
  // Until the server answers (or when it cannot), this browser's memory stands in.
  return { preferences: local, isReady: !server.isPending, save };
}
