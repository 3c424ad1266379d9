// The Showtimes page's search lives in the URL (`/schedule?area=1002&dt=24.11.2026`) so it can be shared.
import { normalizeShowDate } from './show-date';

export type ScheduleSearch = {
  /** A Finnkino area id, or null when none is chosen. */
  area: number | null;
  /** The date as written in the URL (may be malformed: the page then warns instead of searching). */
  dt: string | null;
};

/** Area 1029 is Finnkino's "Valitse alue/teatteri" placeholder, not a place. */
export const PLACEHOLDER_AREA = 1029;

export function parseAreaId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id > 0 && id !== PLACEHOLDER_AREA ? id : null;
}

export function readScheduleParams(params: URLSearchParams): ScheduleSearch {
  const dt = params.get('dt')?.trim() ?? '';
  return { area: parseAreaId(params.get('area')), dt: dt || null };
}

/** The query string of a search; the date is zero-padded when valid, kept as typed when not. */
export function scheduleSearch({ area, dt }: ScheduleSearch): string {
  const params = new URLSearchParams();
  if (area !== null) params.set('area', String(area));
  if (dt) params.set('dt', normalizeShowDate(dt) ?? dt);
  // Dots and digits need no escaping; keep the URL readable.
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Both parts present and the date valid: the page can ask the server. */
export function isCompleteSearch(search: ScheduleSearch): search is { area: number; dt: string } {
  return search.area !== null && search.dt !== null && normalizeShowDate(search.dt) !== null;
}
