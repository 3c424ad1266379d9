// A visitor's showtime preferences stay in this browser (a signed-in user's live on the server).
import { parseFilters, type ShowFilters, NO_FILTERS } from './filters';
import { parseAreaId } from './schedule-params';

export type ShowtimePreferences = { area: number | null; filters: ShowFilters };

export const NO_PREFERENCES: ShowtimePreferences = { area: null, filters: NO_FILTERS };

export const PREFERENCES_KEY = 'showtimes.preferences';

/** Anything stored (possibly by an older version, or edited by hand) read as preferences. */
export function parsePreferences(value: unknown): ShowtimePreferences {
  if (!value || typeof value !== 'object') return NO_PREFERENCES;
  const raw = value as Record<string, unknown>;
  const area = typeof raw.area === 'number' ? parseAreaId(String(raw.area)) : null;
  return { area, filters: parseFilters(raw.filters) };
}

export function loadLocalPreferences(storage: Storage | undefined = globalThis.localStorage): ShowtimePreferences {
  try {
    const raw = storage?.getItem(PREFERENCES_KEY);
    return raw ? parsePreferences(JSON.parse(raw)) : NO_PREFERENCES;
  } catch {
    return NO_PREFERENCES;
  }
}

export function saveLocalPreferences(preferences: ShowtimePreferences, storage: Storage | undefined = globalThis.localStorage) {
  try {
    storage?.setItem(PREFERENCES_KEY, JSON.stringify(preferences));
  } catch {
    // Private mode or a full storage: the preferences last for this visit only.
  }
}
