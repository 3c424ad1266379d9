// The server's show → what the Showtimes components show.
import type { Show } from '@/api/showtimes';
import { isAgeRating } from '../lib/filters';
import type { Language, ShowView } from './types';

const text = (value: string | null | undefined): string | null => (value && value.trim() ? value : null);

function language(value: Show['language'] | undefined): Language | null {
  return value ? { code: text(value.code), name: text(value.name) } : null;
}

export function toShowView(show: Show): ShowView {
  return {
    id: show.id,
    eventId: show.eventId,
    theatreId: show.theatreId,
    lengthInMinutes: show.lengthInMinutes ?? null,
    title: show.title,
    originalTitle: text(show.originalTitle),
    year: show.productionYear ?? null,
    tmdbId: show.tmdbId ?? null,
    // The cinema's own picture stands in when the film has no TMDB match.
    posterUrl: text(show.posterPath) ?? text(show.images?.medium) ?? text(show.images?.small),
    theatre: show.theatre,
    auditorium: text(show.auditorium),
    start: show.start,
    end: text(show.end),
    format: show.presentationMethod ?? null,
    spokenLanguage: language(show.language),
    subtitles: (show.subtitles ?? []).map(language).filter((l): l is Language => l !== null),
    dubbed: show.dubbed,
    ageRating: isAgeRating(show.rating) ? show.rating : null,
    ticketUrl: text(show.ticketUrl),
  };
}
