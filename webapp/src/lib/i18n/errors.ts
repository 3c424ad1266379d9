import { ApiError, type ApiErrorBody } from '@/lib/api-client';
import type { IntlShape } from './intl';
import type { MessageKey } from './messages';
import { someLoadedCatalogue } from './messages';

function hasKey(key: string): key is MessageKey {
  // The shown language's texts are loaded before anything renders (main.tsx), and every
  // catalogue has the same keys (catalogues.test.ts).
  const catalogue = someLoadedCatalogue();
  return catalogue !== undefined && Object.prototype.hasOwnProperty.call(catalogue, key);
}

/** The catalogue key for an API error `code` (and `field`), or null for a code we have no text for. */
export function errorKey(code: string | undefined | null, field?: string | null): MessageKey | null {
  if (!code) return null;
  if (field) {
    const specific = `errors.${code}.${field}`;
    if (hasKey(specific)) return specific;
  }
  const general = `errors.${code}`;
  return hasKey(general) ? general : null;
}

/**
 * What to tell the user about a failed call, in their language: the catalogue text for the
 * error's `code` (and `field`); for a code we have no text for, the server's own message;
 * otherwise `fallback` (the screen's own words, e.g. PRODUCT-SPEC §8's "Failed to create review"),
 * or a general sentence (one for network failures, one for anything else).
 *
 * Accepts an `ApiError` (what the query/mutation functions throw), a raw error body
 * `{code, message, field}`, or anything else that was thrown.
 */
export function errorText(intl: IntlShape, error: unknown, fallback?: string): string {
  let body: ApiErrorBody | null = null;
  if (error instanceof ApiError) body = { code: error.code, field: error.field, message: error.serverMessage };
  else if (error && typeof error === 'object' && !(error instanceof Error) && 'code' in error) body = error as ApiErrorBody;

  if (body) {
    const key = errorKey(body.code, body.field);
    if (key) return intl.formatMessage({ id: key });
    if (typeof body.message === 'string' && body.message.trim()) return body.message;
  }
  if (fallback !== undefined) return fallback;
  if (error instanceof TypeError) return intl.formatMessage({ id: 'errors.network' });
  return intl.formatMessage({ id: 'errors.unknown' });
}
