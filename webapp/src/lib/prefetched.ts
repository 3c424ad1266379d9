// Answers the boot script (app/boot/main.ts) asked for before the app's code arrived: the
// api client takes one instead of sending the same request again (issue 14).

type Prefetched = { url: string; authorization: string | null; at: number; response: Promise<Response> };

/** app/boot/plan.ts `PREFETCH_GLOBAL` (a test checks they agree). */
export const PREFETCHED_KEY = '__leffaseuraPrefetched';

/** An answer older than this is asked for again: it belongs to the page as it was opened. */
const MAX_AGE_MS = 10_000;

/**
 * The prefetched answer to `request`, once: only for a GET of the same URL with the same
 * Authorization header (a login meanwhile asks again), and only while it is fresh.
 */
export function takePrefetched(request: Request): Promise<Response> | undefined {
  if (request.method !== 'GET' || typeof window === 'undefined') return undefined;
  const waiting = (window as unknown as Record<string, Prefetched[] | undefined>)[PREFETCHED_KEY];
  if (!waiting?.length) return undefined;
  const index = waiting.findIndex(
    (entry) => entry.url === request.url && entry.authorization === request.headers.get('Authorization'),
  );
  if (index < 0) return undefined;
  const [entry] = waiting.splice(index, 1);
  if (!entry || performance.now() - entry.at > MAX_AGE_MS) return undefined;
  return entry.response;
}
