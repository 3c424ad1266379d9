/** The offset of page `page` (1-based) for a server-paged list. */
export function pageOffset(page: number, size: number): number {
  return (Math.max(1, Math.floor(page)) - 1) * size;
}
