// What a refused join or request means (PRODUCT-SPEC §8): "already pending" and "already a
// member" are states to show, not failures; "already the owner" is a notice; anything else a
// failure in the server's words. The server's code decides; its message is the fallback
// reading for servers that send none.

export type JoinOutcome =
  | { kind: 'pending' }
  | { kind: 'member' }
  | { kind: 'owner' }
  | { kind: 'login' }
  | { kind: 'failed'; message: string | null };

export function joinOutcome(status: number, code: string | undefined, message: string | undefined): JoinOutcome {
  if (status === 401) return { kind: 'login' };
  const text = (message ?? '').toLowerCase();
  if (code === 'already_pending' || ((status === 400 || status === 409) && text.includes('pending'))) return { kind: 'pending' };
  if (code === 'already_member' || text.includes('already a member')) return { kind: 'member' };
  if (code === 'already_owner' || text.includes('already the owner')) return { kind: 'owner' };
  return { kind: 'failed', message: message?.trim() ? message : null };
}

export { withdrawSucceeded } from '@/api/groups/membership';
