import { apiPagesFor, parsePage, sliceUiPage, uiPageCount } from './paging';

describe('16-per-page over the API pages of 20', () => {
  it.each([
    // UI page → items (0-based) → API pages, offset into the first
    [1, [1], 0], // 0–15
    [2, [1, 2], 16], // 16–31
    [3, [2, 3], 12], // 32–47
    [4, [3, 4], 8], // 48–63
    [5, [4], 4], // 64–79
    [6, [5], 0], // 80–95: 5 UI pages = 4 API pages, then the pattern repeats
    [7, [5, 6], 16], // 96–111
  ])('UI page %i needs API pages %j from offset %i', (uiPage, pages, offset) => {
    expect(apiPagesFor(uiPage)).toEqual({ pages, offset });
  });

  it('never asks past TMDB page 500', () => {
    expect(apiPagesFor(625)).toEqual({ pages: [500], offset: 4 }); // items 9984–9999
    expect(apiPagesFor(626).pages).toEqual([]);
  });

  it('slices the UI page out of the API pages', () => {
    const page = (n: number) => Array.from({ length: 20 }, (_, i) => (n - 1) * 20 + i);
    expect(sliceUiPage(1, [page(1)])).toEqual(Array.from({ length: 16 }, (_, i) => i));
    expect(sliceUiPage(2, [page(1), page(2)])).toEqual(Array.from({ length: 16 }, (_, i) => 16 + i));
    expect(sliceUiPage(3, [page(2), page(3)])).toEqual(Array.from({ length: 16 }, (_, i) => 32 + i));
  });

  it('keeps a short last page short', () => {
    // 50 results: API page 3 holds items 40–49 and page 4 is empty, so UI page 4 is 48 and 49.
    const third = [40, 41, 42, 43, 44, 45, 46, 47, 48, 49];
    expect(sliceUiPage(4, [third, []])).toEqual([48, 49]);
  });

  it('counts UI pages from totalResults, capped at what 500 TMDB pages hold', () => {
    expect(uiPageCount(0, 0)).toBe(0);
    expect(uiPageCount(1, 1)).toBe(1);
    expect(uiPageCount(16, 1)).toBe(1);
    expect(uiPageCount(17, 1)).toBe(2);
    expect(uiPageCount(50, 3)).toBe(4);
    expect(uiPageCount(812_345, 500)).toBe(625); // 10,000 reachable / 16
  });

  it('reads the page parameter', () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage('3')).toBe(3);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('abc')).toBe(1);
  });
});
