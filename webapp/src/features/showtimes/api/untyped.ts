// Temporary until the showtimes API is in openapi.yaml: plain JSON calls through the same base URL.
import { ApiError } from '@/lib/api-client';
import { getToken } from '@/lib/auth-storage';

export async function getJson(path: string, query: Record<string, string | number | undefined>, fallback: string): Promise<unknown> {
  const url = new URL(`${globalThis.location?.origin ?? ''}/api/v1${path}`);
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
  const token = getToken();
  const response = await globalThis.fetch(new Request(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} }));
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, body, fallback);
  return body;
}

export async function putJson(path: string, payload: unknown, fallback: string): Promise<unknown> {
  const url = new URL(`${globalThis.location?.origin ?? ''}/api/v1${path}`);
  const token = getToken();
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await globalThis.fetch(new Request(url, { method: 'PUT', headers, body: JSON.stringify(payload) }));
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, body, fallback);
  return body;
}
