import { useCallback } from 'react';
import { ApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/i18n';

/**
 * The words for a failed group action: a refusal the server explains (a 4xx with its code,
 * e.g. "Use the leave button to remove yourself.") in the reader's language; anything else
 * (a server fault, the network) as the action's own failure text of PRODUCT-SPEC §8.
 */
export function useFailureText() {
  const errorText = useErrorText();
  return useCallback(
    (error: unknown, fallback: string) =>
      error instanceof ApiError && error.status >= 400 && error.status < 500 ? errorText(error, fallback) : fallback,
    [errorText],
  );
}
