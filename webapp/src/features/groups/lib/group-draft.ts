// The group form's values and what they become in a request (PRODUCT-SPEC §5): a new group
// sends its trimmed name and description, theme, visibility and genre ids as numbers; an edit
// sends only the fields that changed, ignores an emptied name, and nothing at all when nothing
// changed.
import type { Visibility } from './capabilities';
import type { GroupChanges as ApiGroupChanges, NewGroup } from '@/api/groups/types';

export type GroupDraft = {
  name: string;
  description: string;
  visibility: Visibility;
  /** null: no theme chosen. */
  themeId: number | null;
  posterUrl: string;
  /** Genre ids. */
  tags: number[];
};

export const EMPTY_DRAFT: GroupDraft = { name: '', description: '', visibility: 'public', themeId: null, posterUrl: '', tags: [] };

/** The server's limits (openapi.yaml, CreateGroupRequest). */
export { GROUP_DESCRIPTION_MAX as DESCRIPTION_MAX, GROUP_NAME_MAX as NAME_MAX } from '@/api/limits';

/** The create request (CreateGroupRequest), with the visibility and tags the form always sets. */
export type NewGroupBody = NewGroup & { visibility: Visibility; tags: GenreId[] };

/** A genre id as the spec lists them (TMDB's genres). */
export type GenreId = NonNullable<NewGroup['tags']>[number];

/** The create request, or null when the name is empty after trimming (the form says so). */
export function newGroupBody(draft: GroupDraft): NewGroupBody | null {
  const name = draft.name.trim();
  if (name === '') return null;
  const description = draft.description.trim();
  const poster = draft.posterUrl.trim();
  return {
    name,
    ...(description ? { description } : {}),
    visibility: draft.visibility,
    ...(draft.themeId !== null ? { theme_id: draft.themeId } : {}),
    tags: genreIds(draft.tags),
    ...(poster ? { poster_url: poster } : {}),
  };
}

/** The edit request (UpdateGroupRequest): only the changed fields. */
export type GroupChanges = ApiGroupChanges & { visibility?: Visibility };

/** Only what differs from `original`; null when nothing does (the dialog just closes). */
export function groupChanges(original: GroupDraft, draft: GroupDraft): GroupChanges | null {
  const changes: GroupChanges = {};
  const name = draft.name.trim();
  if (name !== '' && name !== original.name.trim()) changes.name = name;
  const description = draft.description.trim();
  if (description !== original.description.trim()) changes.description = description;
  if (draft.visibility !== original.visibility) changes.visibility = draft.visibility;
  if (draft.themeId !== null && draft.themeId !== original.themeId) changes.theme_id = draft.themeId;
  const poster = draft.posterUrl.trim();
  if (poster !== original.posterUrl.trim()) changes.poster_url = poster;
  const tags = genreIds(draft.tags);
  if (!sameSet(tags, original.tags)) changes.tags = tags;
  return Object.keys(changes).length > 0 ? changes : null;
}

/**
 * The draft's genre ids, each once. The picker only offers the catalog's genres, which are
 * the spec's list (the server checks again and answers `invalid_genres` otherwise).
 */
function genreIds(values: readonly number[]): GenreId[] {
  return uniqueNumbers(values) as GenreId[];
}

function uniqueNumbers(values: readonly number[]): number[] {
  return [...new Set(values.map(Number).filter((value) => Number.isInteger(value) && value > 0))];
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  const left = new Set(a);
  const right = new Set(uniqueNumbers(b));
  return left.size === right.size && [...left].every((value) => right.has(value));
}
