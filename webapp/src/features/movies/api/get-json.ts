import { ApiError } from '@/lib/api-client';

type Params = Record<string, string | number | undefined>;

/**
 * GET under /api/v1 for the /tmdb calls, which openapi.yaml does not declare yet (then they
 * move to the typed `api` client). Throws ApiError with the server's message on failure.
 */
export async function getJson<T>(path: string, params: Params, fallback: string): Promise<T> {
  const url = new URL(`${globalThis.location?.origin ?? 'http://localhost'}/api/v1${path}`);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  const response = await globalThis.fetch(new Request(url, { headers: { Accept: 'application/json' } }));
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || !body || typeof body !== 'object') throw new ApiError(response.status, body, fallback);
  return body as T;
}
