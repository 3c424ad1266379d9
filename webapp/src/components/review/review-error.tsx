import { ApiError } from '@/lib/api-client';

/**
 * The server's own words when they say more than the catalogue text (a 4xx such as 409
 * "already reviewed"); nothing for server failures and network errors.
 */
export function specificMessage(error: unknown, title: string): string | null {
  if (!(error instanceof ApiError) || error.status >= 500) return null;
  const message = error.message.trim();
  return message && message !== title ? message : null;
}

/** A failure notice: the catalogue text of PRODUCT-SPEC §8, then the server's reason if it has one. */
export function ReviewError({ title, error, className }: { title: string; error: unknown; className?: string }) {
  const detail = specificMessage(error, title);
  return (
    <p className={['notice notice-error', className].filter(Boolean).join(' ')} role="alert">
      {title}
      {detail ? <span>: {detail}</span> : null}
    </p>
  );
}
