import { configure } from '@testing-library/react';
import type { Group, GroupMember } from '@/api/groups/types';

// A group page waits for several calls in a row (the group, then its favorites or members):
// on a busy machine that takes longer than Testing Library's default second.
configure({ asyncUtilTimeout: 4000 });

/** A group as GET /groups/{id} returns it; override what a test cares about. */
export function makeGroup(overrides: Partial<Group> = {}): Group {
  return {
    id: 12,
    name: 'Kauhukerho',
    description: 'Pelottavia elokuvia perjantaisin.',
    visibility: 'public',
    theme_id: 3,
    poster_url: null,
    tags: [27, 53],
    genre_tags: ['Horror', 'Thriller'],
    genres: [
      { genre_id: 27, genre_name: 'Horror' },
      { genre_id: 53, genre_name: 'Thriller' },
    ],
    member_count: 3,
    owner_id: 1,
    owner_name: 'omistaja',
    created_at: '2025-10-14T18:03:00Z',
    is_owner: false,
    is_member: false,
    role: 'none',
    ...overrides,
  };
}

export function makeMember(id: number, username: string, role: GroupMember['role']): GroupMember {
  return { id, username, role, joined_at: '2025-10-15T10:00:00Z' };
}

export { failure, reply, type ResponseBody } from '@/testing/api-reply';
