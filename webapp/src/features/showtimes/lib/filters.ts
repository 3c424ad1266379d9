// Narrowing a day's shows to what the visitor wants to see: language, format and age rating.

/** Finnish age ratings, youngest first (KAVI: S = for all, then K-7 … K-18). */
export const AGE_RATINGS = ['S', 'K-7', 'K-12', 'K-16', 'K-18'] as const;
export type AgeRating = (typeof AGE_RATINGS)[number];

export const FORMATS = ['3D', 'IMAX'] as const;
export type ShowFormat = (typeof FORMATS)[number];

export type ShowFilters = {
  /** Shows in their original language with Finnish subtitles (not dubbed). */
  originalWithFinnishSubtitles: boolean;
  /** Shows dubbed into Finnish. */
  finnishDub: boolean;
  /** Only these formats (none: any format). */
  formats: ShowFormat[];
  /** Nothing rated above this (null: any rating). */
  maxAge: AgeRating | null;
};

export const NO_FILTERS: ShowFilters = { originalWithFinnishSubtitles: false, finnishDub: false, formats: [], maxAge: null };

/** What the filters need to know about one show. */
export type ShowFacts = {
  /** "2D", "3D", "IMAX", "IMAX 3D". */
  format: string | null;
  auditorium: string | null;
  spokenLanguage: { code: string | null; name: string | null } | null;
  subtitles: { code: string | null }[];
  dubbed: boolean;
  ageRating: AgeRating | null;
};

export function isAgeRating(value: unknown): value is AgeRating {
  return typeof value === 'string' && (AGE_RATINGS as readonly string[]).includes(value);
}

export function isShowFormat(value: unknown): value is ShowFormat {
  return typeof value === 'string' && (FORMATS as readonly string[]).includes(value);
}

export function is3d(show: Pick<ShowFacts, 'format'>): boolean {
  return /3d/i.test(show.format ?? '');
}

/** IMAX is a format on some feeds and only the auditorium's name ("IMAX") on others. */
export function isImax(show: Pick<ShowFacts, 'format' | 'auditorium'>): boolean {
  return /imax/i.test(show.format ?? '') || /imax/i.test(show.auditorium ?? '');
}

export function isFinnishDub(show: Pick<ShowFacts, 'dubbed' | 'spokenLanguage'>): boolean {
  // Finnkino writes the dub as a language of its own: "dubattu suomeksi".
  return show.dubbed || /dubattu|dubbed/i.test(show.spokenLanguage?.name ?? '');
}

export function isOriginalWithFinnishSubtitles(show: ShowFacts): boolean {
  return !isFinnishDub(show) && show.subtitles.some((language) => language.code?.toUpperCase() === 'FI');
}

function ageIndex(rating: AgeRating): number {
  return AGE_RATINGS.indexOf(rating);
}

/** True when `show` passes every active filter. Language choices widen each other (either is fine). */
export function matchesFilters(show: ShowFacts, filters: ShowFilters): boolean {
  if (filters.originalWithFinnishSubtitles || filters.finnishDub) {
    const language =
      (filters.originalWithFinnishSubtitles && isOriginalWithFinnishSubtitles(show)) ||
      (filters.finnishDub && isFinnishDub(show));
    if (!language) return false;
  }
  if (filters.formats.length > 0) {
    const format = filters.formats.some((wanted) => (wanted === '3D' ? is3d(show) : isImax(show)));
    if (!format) return false;
  }
  if (filters.maxAge !== null) {
    // A show without a known rating could be anything: only "up to K-18" (everything) keeps it.
    if (show.ageRating === null) return filters.maxAge === 'K-18';
    if (ageIndex(show.ageRating) > ageIndex(filters.maxAge)) return false;
  }
  return true;
}

export function activeFilterCount(filters: ShowFilters): number {
  return (
    Number(filters.originalWithFinnishSubtitles) + Number(filters.finnishDub) + filters.formats.length + Number(filters.maxAge !== null)
  );
}

/** Reads filters from anything stored (local storage, an old server answer); unknown parts are dropped. */
export function parseFilters(value: unknown): ShowFilters {
  if (!value || typeof value !== 'object') return NO_FILTERS;
  const raw = value as Record<string, unknown>;
  const formats = Array.isArray(raw.formats) ? [...new Set(raw.formats.filter(isShowFormat))] : [];
  return {
    originalWithFinnishSubtitles: raw.originalWithFinnishSubtitles === true,
    finnishDub: raw.finnishDub === true,
    formats,
    maxAge: isAgeRating(raw.maxAge) ? raw.maxAge : null,
  };
}
