// What the Showtimes components work with; api/ maps the server's answers onto these.
import type { AgeRating } from '../lib/filters';

export type Language = { code: string | null; name: string | null };

export type ShowView = {
  id: number;
  /** The cinema's film id and theatre id (a watch party keeps them). */
  eventId: number;
  theatreId: number;
  lengthInMinutes: number | null;
  title: string;
  originalTitle: string | null;
  year: number | null;
  /** The matched TMDB movie, when the server found one it trusts. */
  tmdbId: number | null;
  posterUrl: string | null;
  theatre: string;
  auditorium: string | null;
  /** Instants (ISO 8601). */
  start: string;
  end: string | null;
  /** "2D", "3D", "IMAX", "IMAX 3D". */
  format: string | null;
  spokenLanguage: Language | null;
  subtitles: Language[];
  dubbed: boolean;
  ageRating: AgeRating | null;
  ticketUrl: string | null;
};

export type TheatreArea = { id: number; name: string };

export type ScheduleView = { shows: ShowView[]; fetchedAt: string | null; stale: boolean };
