import { activeFilterCount, matchesFilters, NO_FILTERS, parseFilters, type ShowFacts, type ShowFilters } from './filters';

const show = (facts: Partial<ShowFacts> = {}): ShowFacts => ({
  format: '2D',
  auditorium: 'sali 3',
  spokenLanguage: { code: 'EN', name: 'englanti' },
  subtitles: [{ code: 'FI' }, { code: 'SV' }],
  dubbed: false,
  ageRating: 'K-12',
  ...facts,
});
const filters = (f: Partial<ShowFilters>): ShowFilters => ({ ...NO_FILTERS, ...f });

const englishSubtitled = show();
const finnishDub = show({ spokenLanguage: { code: 'FI', name: 'dubattu suomeksi' }, subtitles: [], ageRating: 'S' });
const dubFlagged = show({ spokenLanguage: { code: 'FI', name: 'suomi' }, subtitles: [], dubbed: true });
const domestic = show({ spokenLanguage: { code: 'FI', name: 'suomi' }, subtitles: [{ code: 'SV' }], ageRating: 'K-7' });
const threeD = show({ format: '3D', ageRating: 'K-16' });
const imaxHall = show({ format: '2D', auditorium: 'IMAX' });
const imaxMethod = show({ format: 'IMAX 3D', auditorium: 'sali 1' });
const unrated = show({ ageRating: null });
const adult = show({ ageRating: 'K-18' });

describe('show filters', () => {
  it('let everything through when none is active', () => {
    for (const s of [englishSubtitled, finnishDub, domestic, threeD, unrated]) expect(matchesFilters(s, NO_FILTERS)).toBe(true);
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
  });

  it('original language with Finnish subtitles keeps subtitled, undubbed shows', () => {
    const f = filters({ originalWithFinnishSubtitles: true });
    expect(matchesFilters(englishSubtitled, f)).toBe(true);
    expect(matchesFilters(finnishDub, f)).toBe(false);
    expect(matchesFilters(dubFlagged, f)).toBe(false);
    expect(matchesFilters(domestic, f)).toBe(false); // Swedish subtitles only
  });

  it('Finnish dub keeps dubbed shows, however the feed marks them', () => {
    const f = filters({ finnishDub: true });
    expect(matchesFilters(finnishDub, f)).toBe(true);
    expect(matchesFilters(dubFlagged, f)).toBe(true);
    expect(matchesFilters(englishSubtitled, f)).toBe(false);
    expect(matchesFilters(domestic, f)).toBe(false);
  });

  it('both language choices together keep either kind', () => {
    const f = filters({ originalWithFinnishSubtitles: true, finnishDub: true });
    expect(matchesFilters(englishSubtitled, f)).toBe(true);
    expect(matchesFilters(finnishDub, f)).toBe(true);
    expect(matchesFilters(domestic, f)).toBe(false);
  });

  it('3D and IMAX keep shows in those formats, IMAX also by its hall', () => {
    expect(matchesFilters(threeD, filters({ formats: ['3D'] }))).toBe(true);
    expect(matchesFilters(englishSubtitled, filters({ formats: ['3D'] }))).toBe(false);
    expect(matchesFilters(imaxHall, filters({ formats: ['IMAX'] }))).toBe(true);
    expect(matchesFilters(imaxMethod, filters({ formats: ['IMAX'] }))).toBe(true);
    expect(matchesFilters(imaxMethod, filters({ formats: ['3D'] }))).toBe(true);
    expect(matchesFilters(threeD, filters({ formats: ['IMAX'] }))).toBe(false);
    expect(matchesFilters(imaxHall, filters({ formats: ['3D', 'IMAX'] }))).toBe(true);
  });

  it('a maximum age rating keeps that rating and younger, and unrated shows only under K-18', () => {
    const f = filters({ maxAge: 'K-12' });
    expect(matchesFilters(englishSubtitled, f)).toBe(true); // K-12
    expect(matchesFilters(domestic, f)).toBe(true); // K-7
    expect(matchesFilters(finnishDub, f)).toBe(true); // S
    expect(matchesFilters(threeD, f)).toBe(false); // K-16
    expect(matchesFilters(adult, f)).toBe(false);
    expect(matchesFilters(unrated, f)).toBe(false);
    expect(matchesFilters(adult, filters({ maxAge: 'K-18' }))).toBe(true);
    expect(matchesFilters(unrated, filters({ maxAge: 'K-18' }))).toBe(true);
    expect(matchesFilters(domestic, filters({ maxAge: 'S' }))).toBe(false);
  });

  it('combine across kinds: every kind must match', () => {
    const f = filters({ formats: ['3D'], maxAge: 'K-12' });
    expect(matchesFilters(threeD, f)).toBe(false); // 3D but K-16
    expect(matchesFilters(show({ format: '3D', ageRating: 'K-7' }), f)).toBe(true);
    expect(activeFilterCount(f)).toBe(2);
  });

  it('are read back from storage, dropping anything unknown', () => {
    expect(parseFilters({ finnishDub: true, formats: ['3D', '4DX', '3D'], maxAge: 'K-99' })).toEqual(
      filters({ finnishDub: true, formats: ['3D'] }),
    );
    expect(parseFilters('junk')).toEqual(NO_FILTERS);
    expect(parseFilters(null)).toEqual(NO_FILTERS);
  });
});
