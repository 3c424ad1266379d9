// Showtimes (API.md, Showtimes): Finnkino's areas and schedules through our server (the
// browser never calls Finnkino), one film's next shows, the watchlist's films in cinemas,
// the remembered area and filters, and the films now in cinemas. The features map these
// answers onto their own view types (features/showtimes/api).
import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { ApiError, api } from '@/lib/api-client';

type Schemas = components['schemas'];
export type Show = Schemas['Show'];
export type TheatreArea = Schemas['TheatreArea'];
export type WatchlistShowing = Schemas['WatchlistShowingItem'];
export type ShowtimePreferences = Schemas['ShowtimePreferences'];
export type InTheaterMovie = Schemas['InTheaterItem'];

export const showtimeKeys = {
  areas: ['showtimes', 'areas'] as const,
  schedule: (area: number, dt: string) => ['showtimes', 'schedule', area, dt] as const,
  movie: (movieId: number, area: number, days: number) => ['showtimes', 'movie', movieId, area, days] as const,
  watchlist: (area: number) => ['showtimes', 'watchlist', area] as const,
  preferences: (token: string) => ['showtimes', 'preferences', token] as const,
  /** Under `home`: the homepage's 30-minute cache keeps it with the other carousels. */
  inTheaters: ['home', 'in-theaters'] as const,
};

/** GET /finnkino/theatres: Finnkino's areas in its own order. */
export async function getTheatreAreas(): Promise<TheatreArea[]> {
  const { data, error, response } = await api.GET('/finnkino/theatres');
  if (!data) throw new ApiError(response.status, error, 'Failed to load theatre areas');
  return data.theatreAreas;
}

/** GET /finnkino/schedule?area=&dt=: one day's shows in an area (dt is dd.mm.yyyy). */
export async function getSchedule(area: number, dt: string) {
  const { data, error, response } = await api.GET('/finnkino/schedule', { params: { query: { area: String(area), dt } } });
  if (!data) throw new ApiError(response.status, error, 'Failed to fetch schedule');
  return data;
}

/** GET /movies/{tmdbId}/showtimes?area=&days=: one film's next shows in an area. */
export async function getMovieShowtimes(movieId: number, area: number, days: number) {
  const { data, error, response } = await api.GET('/movies/{tmdbId}/showtimes', {
    params: { path: { tmdbId: String(movieId) }, query: { area: String(area), days: String(days) } },
  });
  if (!data) throw new ApiError(response.status, error, 'Failed to fetch schedule');
  return data;
}

/** GET /showtimes/watchlist?area=: the signed-in user's watchlist films showing in the area soon. */
export async function getWatchlistShowtimes(area: number) {
  const { data, error, response } = await api.GET('/showtimes/watchlist', { params: { query: { area: String(area) } } });
  if (!data) throw new ApiError(response.status, error, 'Failed to fetch schedule');
  return data.films;
}

/** GET /users/profile/showtime-preferences: the signed-in user's area and filters. */
export async function getShowtimePreferences(): Promise<ShowtimePreferences> {
  const { data, error, response } = await api.GET('/users/profile/showtime-preferences');
  if (!data) throw new ApiError(response.status, error, 'Failed to load preferences');
  return data.preferences;
}

/**
 * PUT /users/profile/showtime-preferences: remembers them for the user's next visit anywhere.
 * No area or no age limit is sent as a missing field (the server reads null and missing alike).
 */
export async function saveShowtimePreferences(preferences: ShowtimePreferences): Promise<ShowtimePreferences> {
  const body = { ...preferences, area_id: preferences.area_id ?? undefined, max_rating: preferences.max_rating ?? undefined };
  const { data, error, response } = await api.PUT('/users/profile/showtime-preferences', { body });
  if (!data) throw new ApiError(response.status, error, 'Failed to save preferences');
  return data.preferences;
}

/** GET /tmdb/in-theaters: up to 100 films now in Finnish cinemas, matched to TMDB (PRODUCT-SPEC §9). */
export function inTheatersOptions() {
  return queryOptions({
    queryKey: showtimeKeys.inTheaters,
    queryFn: async (): Promise<InTheaterMovie[]> => {
      const { data, error, response } = await api.GET('/tmdb/in-theaters');
      if (!data) throw new ApiError(response.status, error, 'Failed to load movies in theaters');
      return data.results;
    },
  });
}
