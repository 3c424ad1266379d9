// Catalogue keys chosen by a value (a role, a theme, a visibility), spelled out so every key
// is a literal the type checker can hold against the catalogues.
import type { ThemeName } from '../lib/format';
import type { Role } from '../lib/viewer';

export const ROLE_KEYS = {
  owner: 'groups.role.owner',
  moderator: 'groups.role.moderator',
  member: 'groups.role.member',
  pending: 'groups.role.pending',
  none: 'groups.role.none',
} as const satisfies Record<Role, string>;

export const STATUS_KEYS = {
  owner: 'groups.panel.status.owner',
  moderator: 'groups.panel.status.moderator',
  member: 'groups.panel.status.member',
  pending: 'groups.panel.status.pending',
} as const satisfies Record<Exclude<Role, 'none'>, string>;

export const NONE_STATUS_KEYS = {
  public: 'groups.panel.status.none.public',
  private: 'groups.panel.status.none.private',
} as const;

export const THEME_KEYS = {
  blue: 'groups.theme.blue',
  green: 'groups.theme.green',
  purple: 'groups.theme.purple',
  orange: 'groups.theme.orange',
} as const satisfies Record<ThemeName, string>;

export const VISIBILITY_KEYS = { public: 'groups.visibility.public', private: 'groups.visibility.private' } as const;
export const VISIBILITY_HINT_KEYS = { public: 'groups.form.publicHint', private: 'groups.form.privateHint' } as const;
