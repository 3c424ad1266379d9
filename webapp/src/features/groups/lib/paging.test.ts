import { BROWSE_PAGE_SIZE, clampPage, pageCount, pageItems, pageOffset, parsePage } from './paging';

describe('paging (PRODUCT-SPEC §9)', () => {
  const items = Array.from({ length: 35 }, (_, i) => i + 1);

  it('shows 16 groups per page, the last page with the rest', () => {
    expect(pageCount(items.length, BROWSE_PAGE_SIZE)).toBe(3);
    expect(pageItems(items, 1, 16)).toEqual(items.slice(0, 16));
    expect(pageItems(items, 3, 16)).toEqual([33, 34, 35]);
  });

  it('keeps pages within range, with one page for an empty list', () => {
    expect(pageCount(0, 16)).toBe(1);
    expect(clampPage(9, items.length, 16)).toBe(3);
    expect(clampPage(0, items.length, 16)).toBe(1);
    expect(pageItems(items, 9, 16)).toEqual([33, 34, 35]);
  });

  it('turns pages into offsets and parses the address', () => {
    expect(pageOffset(3, 8)).toBe(16);
    expect(parsePage('2')).toBe(2);
    expect(parsePage('-1')).toBe(1);
    expect(parsePage(null)).toBe(1);
    expect(parsePage('x')).toBe(1);
  });
});
