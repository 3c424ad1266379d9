// Page numbers over lists (PRODUCT-SPEC §9): group browse 16 per page (client-side), group
// favorites 8, group activity and the member list 5.

export const BROWSE_PAGE_SIZE = 16;
export { FAVORITES_PAGE_SIZE } from '@/api/groups/group-favorites';
export { ACTIVITY_PAGE_SIZE } from '@/api/groups/group-activity';
export { pageOffset } from '@/api/groups/paging';
export const MEMBERS_PAGE_SIZE = 5;

/** How many pages `total` items make (at least 1, so an empty list still has its page 1). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / size));
}

/** `page` (1-based) kept within 1..pageCount. */
export function clampPage(page: number, total: number, size: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.floor(page)), pageCount(total, size));
}

/** The items of page `page` (1-based) of `items`. */
export function pageItems<T>(items: readonly T[], page: number, size: number): T[] {
  const current = clampPage(page, items.length, size);
  return items.slice((current - 1) * size, current * size);
}

/** A `page` URL parameter as a page number (1 when missing or nonsense). */
export function parsePage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
