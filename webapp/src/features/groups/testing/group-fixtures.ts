import { configure } from '@testing-library/react';
import type { paths } from '@/api/schema';
import type { Group, GroupMember } from '../api/types';

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

type Json = 'application/json; charset=utf-8';
type Method = 'get' | 'post' | 'put' | 'delete';

/** The JSON body the generated spec declares for `method path` answering `status`. */
export type ResponseBody<P extends keyof paths, M extends Method, S extends number> = paths[P][M] extends {
  responses: Record<S, { content: Record<Json, infer B> }>;
}
  ? B
  : never;

/** A mocked reply whose body is checked against the generated types of that call. */
export function reply<P extends keyof paths, M extends Method, S extends number>(
  _path: P,
  _method: M,
  status: S,
  body: ResponseBody<P, M, S>,
): { status: number; body: unknown } {
  return { status, body };
}

/** An error reply in the API's one error shape. */
export function failure(status: number, code: string, message: string) {
  return { status, body: { success: false, code, message } };
}
