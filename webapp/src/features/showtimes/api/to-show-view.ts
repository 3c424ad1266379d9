// The server's show → what the Showtimes components show.
import { isAgeRating } from '../lib/filters';
import type { Language, ShowView } from './types';

type Raw = Record<string, unknown>;

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function language(value: unknown): Language | null {
  if (!value || typeof value !== 'object') return null;
  const raw = value as Raw;
  return { code: str(raw.code), name: str(raw.name) };
}

export function toShowView(raw: Raw): ShowView {
  const rating = raw.rating;
  const images = (raw.images && typeof raw.images === 'object' ? raw.images : {}) as Raw;
  return {
    id: num(raw.id) ?? 0,
    title: str(raw.title) ?? '',
    originalTitle: str(raw.originalTitle),
    year: num(raw.productionYear),
    tmdbId: num(raw.tmdbId),
    // The cinema's own picture stands in when the film has no TMDB match.
    posterUrl: str(raw.posterPath) ?? str(images.medium) ?? str(images.small),
    theatre: str(raw.theatre) ?? '',
    auditorium: str(raw.auditorium),
    start: str(raw.start) ?? '',
    end: str(raw.end),
    format: str(raw.presentationMethod),
    spokenLanguage: language(raw.language),
    subtitles: Array.isArray(raw.subtitles) ? raw.subtitles.map(language).filter((l): l is Language => l !== null) : [],
    dubbed: raw.dubbed === true,
    ageRating: isAgeRating(rating) ? rating : null,
    ticketUrl: str(raw.ticketUrl),
  };
}
