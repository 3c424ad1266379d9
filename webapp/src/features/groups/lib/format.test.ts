import { formatCreated, groupGenres, isLonger, joinTags, memberCount, themeName, truncate } from './format';

describe('group formatting (PRODUCT-SPEC §2, §9)', () => {
  it('maps themes 1 blue, 2 green, 3 purple, 4 orange', () => {
    expect([1, 2, 3, 4].map(themeName)).toEqual(['blue', 'green', 'purple', 'orange']);
    expect(themeName(5)).toBeNull();
    expect(themeName(null)).toBeNull();
  });

  it('truncates by characters with an ellipsis', () => {
    expect(truncate('Elokuvakerho Helsinki ja muut', 24)).toBe('Elokuvakerho Helsinki ja…');
    expect(truncate('Lyhyt', 24)).toBe('Lyhyt');
    expect(truncate('ääääää', 3)).toBe('äää…');
    expect(isLonger('a'.repeat(201), 200)).toBe(true);
    expect(isLonger('a'.repeat(200), 200)).toBe(false);
  });

  it('writes the created date in en-GB, or in Finnish', () => {
    expect(formatCreated('2025-10-14T18:03:00Z')).toBe('14 October 2025');
    expect(formatCreated('2025-10-14T18:03:00Z', 'fi-FI')).toBe('14. lokakuuta 2025');
    expect(formatCreated(null)).toBe('—');
    expect(formatCreated('nonsense')).toBe('—');
  });

  it('joins genre names with a comma, preferring the genre objects', () => {
    expect(joinTags(['Drama', 'Comedy'])).toBe('Drama, Comedy');
    expect(groupGenres({ genres: [{ genre_id: 27, genre_name: 'Horror' }], genre_tags: ['Drama'] })).toEqual([{ id: 27, name: 'Horror' }]);
    expect(groupGenres({ genres: [], genre_tags: ['Drama'] })).toEqual([{ name: 'Drama' }]);
    expect(groupGenres({})).toEqual([]);
  });

  it('counts members as 0 when unknown', () => {
    expect(memberCount(undefined)).toBe(0);
    expect(memberCount(null)).toBe(0);
    expect(memberCount(12)).toBe(12);
  });
});
