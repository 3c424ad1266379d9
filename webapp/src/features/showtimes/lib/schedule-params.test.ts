import { isCompleteSearch, readScheduleParams, scheduleSearch } from './schedule-params';
import { loadLocalPreferences, NO_PREFERENCES, PREFERENCES_KEY, saveLocalPreferences } from './local-preferences';
import { NO_FILTERS } from './filters';

describe('schedule URL state', () => {
  it('reads the area and the date', () => {
    expect(readScheduleParams(new URLSearchParams('area=1002&dt=24.11.2026'))).toEqual({ area: 1002, dt: '24.11.2026' });
  });

  it('ignores a missing, non-numeric or placeholder area', () => {
    expect(readScheduleParams(new URLSearchParams('dt=24.11.2026')).area).toBeNull();
    expect(readScheduleParams(new URLSearchParams('area=helsinki')).area).toBeNull();
    expect(readScheduleParams(new URLSearchParams('area=1029')).area).toBeNull();
    expect(readScheduleParams(new URLSearchParams('area=-5')).area).toBeNull();
  });

  it('keeps a malformed date so the page can warn about it', () => {
    const search = readScheduleParams(new URLSearchParams('area=1002&dt=2026-11-24'));
    expect(search.dt).toBe('2026-11-24');
    expect(isCompleteSearch(search)).toBe(false);
  });

  it('writes a shareable query with a zero-padded date', () => {
    expect(scheduleSearch({ area: 1002, dt: '1.12.2026' })).toBe('?area=1002&dt=01.12.2026');
    expect(scheduleSearch({ area: null, dt: null })).toBe('');
    expect(isCompleteSearch({ area: 1002, dt: '01.12.2026' })).toBe(true);
    expect(isCompleteSearch({ area: null, dt: '01.12.2026' })).toBe(false);
  });

  it('round-trips', () => {
    const search = { area: 1021, dt: '05.01.2027' };
    expect(readScheduleParams(new URLSearchParams(scheduleSearch(search)))).toEqual(search);
  });
});

describe('a visitor’s remembered preferences', () => {
  it('are kept in local storage', () => {
    const prefs = { area: 1021, filters: { ...NO_FILTERS, formats: ['IMAX' as const], maxAge: 'K-7' as const } };
    saveLocalPreferences(prefs);
    expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? 'null')).toEqual(prefs);
    expect(loadLocalPreferences()).toEqual(prefs);
  });

  it('survive broken storage', () => {
    localStorage.setItem(PREFERENCES_KEY, '{not json');
    expect(loadLocalPreferences()).toEqual(NO_PREFERENCES);
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ area: 'x', filters: { finnishDub: 'yes' } }));
    expect(loadLocalPreferences()).toEqual(NO_PREFERENCES);
  });
});
