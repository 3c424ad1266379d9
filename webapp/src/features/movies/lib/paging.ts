// The UI shows 16 movies per page (PRODUCT-SPEC §9); the API serves TMDB's pages of 20,
// at most 500 of them. A UI page therefore spans one or two API pages.

export const UI_PAGE_SIZE = 16;
export const API_PAGE_SIZE = 20;
export const MAX_API_PAGES = 500;

/** The API pages holding UI page `uiPage` (1-based), and where its items start in the first. */
export function apiPagesFor(uiPage: number): { pages: number[]; offset: number } {
  const start = (uiPage - 1) * UI_PAGE_SIZE; // index of the first item, 0-based
  const end = start + UI_PAGE_SIZE - 1; // index of the last item
  const first = Math.floor(start / API_PAGE_SIZE) + 1;
  const last = Math.floor(end / API_PAGE_SIZE) + 1;
  const pages = (first === last ? [first] : [first, last]).filter((page) => page <= MAX_API_PAGES);
  return { pages, offset: start - (first - 1) * API_PAGE_SIZE };
}

/** The items of a UI page from the results of the API pages `apiPagesFor` named, in order. */
export function sliceUiPage<T>(uiPage: number, apiResults: T[][]): T[] {
  const { offset } = apiPagesFor(uiPage);
  return apiResults.flat().slice(offset, offset + UI_PAGE_SIZE);
}

/**
 * How many UI pages exist: TMDB reports `totalResults` but serves only `totalPages` (≤ 500)
 * pages of 20, so the reachable items are the smaller of the two.
 */
export function uiPageCount(totalResults: number, totalPages: number): number {
  const reachable = Math.min(totalResults, Math.min(totalPages, MAX_API_PAGES) * API_PAGE_SIZE);
  return Math.max(0, Math.ceil(reachable / UI_PAGE_SIZE));
}

/** A `page` URL parameter as a page number (1 when missing or nonsense). */
export function parsePage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
