import { parsePage } from './paging';

/** What Browse shows, kept in the URL (`?q=`, `?genres=28,12`, `?page=`). */
export type BrowseState = { q: string; genres: number[]; page: number };

export function readBrowseParams(params: URLSearchParams): BrowseState {
  const q = (params.get('q') ?? '').trim();
  const genres = (params.get('genres') ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
  return { q, genres: [...new Set(genres)], page: parsePage(params.get('page')) };
}

/** The URL parameters for a state; defaults are left out so URLs stay short. */
export function browseSearch({ q, genres, page }: BrowseState): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (genres.length > 0) params.set('genres', genres.join(','));
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
