// Cache keys of the group queries. Group activity lives under the reviews' keys so a review
// edited or deleted anywhere updates it too (components/review patches ['reviews', …]).

export const groupKeys = {
  all: ['groups'] as const,
  detail: (id: number) => ['groups', 'detail', id] as const,
  members: (id: number) => ['groups', 'members', id] as const,
  pending: (id: number) => ['groups', 'pending', id] as const,
  favorites: (id: number) => ['groups', 'favorites', id] as const,
  favoritesPage: (id: number, page: number) => ['groups', 'favorites', id, page] as const,
  modlog: (id: number, page: number) => ['groups', 'modlog', id, page] as const,
  browse: (q: string, genres: readonly number[]) => ['groups', 'browse', q, genres.join(',')] as const,
  popular: (limit: number) => ['groups', 'popular', limit] as const,
  user: (userId: number) => ['groups', 'user', userId] as const,
  themes: ['groups', 'themes'] as const,
  activity: (id: number) => ['reviews', 'group', id] as const,
  activityPage: (id: number, page: number) => ['reviews', 'group', id, page] as const,
};
