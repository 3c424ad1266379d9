import { EMPTY_DRAFT, groupChanges, newGroupBody, type GroupDraft } from './group-draft';

describe('the group form (PRODUCT-SPEC §5)', () => {
  it('sends a trimmed name and description, the theme, visibility and tags as numbers', () => {
    const draft: GroupDraft = { ...EMPTY_DRAFT, name: '  Kauhukerho ', description: ' Pelottavia elokuvia. ', themeId: 3, visibility: 'private', tags: [27, 53, 27] };
    expect(newGroupBody(draft)).toEqual({ name: 'Kauhukerho', description: 'Pelottavia elokuvia.', visibility: 'private', theme_id: 3, tags: [27, 53] });
  });

  it('needs a name', () => {
    expect(newGroupBody({ ...EMPTY_DRAFT, name: '   ' })).toBeNull();
  });

  it('leaves the optional theme and description out when not given', () => {
    expect(newGroupBody({ ...EMPTY_DRAFT, name: 'A' })).toEqual({ name: 'A', visibility: 'public', tags: [] });
  });

  const original: GroupDraft = { name: 'Kauhukerho', description: 'Old', visibility: 'public', themeId: 1, posterUrl: '', tags: [27, 53] };

  it('sends only the changed fields when editing', () => {
    expect(groupChanges(original, { ...original, description: 'New', tags: [53, 27] })).toEqual({ description: 'New' });
    expect(groupChanges(original, { ...original, visibility: 'private', themeId: 4, tags: [27] })).toEqual({
      visibility: 'private',
      theme_id: 4,
      tags: [27],
    });
  });

  it('ignores an emptied name and reports no changes as null', () => {
    expect(groupChanges(original, { ...original, name: '  ' })).toBeNull();
    expect(groupChanges(original, { ...original, name: ' Kauhukerho ' })).toBeNull();
    expect(groupChanges(original, { ...original, name: 'Uusi' })).toEqual({ name: 'Uusi' });
  });

  it('lets the description and the poster be cleared', () => {
    expect(groupChanges({ ...original, posterUrl: 'https://x/p.jpg' }, { ...original, description: '' })).toEqual({ description: '', poster_url: '' });
  });
});
