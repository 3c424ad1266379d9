import { ApiError } from '@/lib/api-client';
import { useErrorText, useT, type MessageKey } from '@/lib/i18n';

/** The failures of PRODUCT-SPEC §8 for reviews, by what was being done. */
export type ReviewErrorKind = 'create' | 'fetch' | 'delete' | 'update' | 'interaction';

const TITLES: Record<ReviewErrorKind, MessageKey> = {
  create: 'reviews.errors.create',
  fetch: 'reviews.errors.fetch',
  delete: 'reviews.errors.delete',
  update: 'reviews.errors.update',
  interaction: 'reviews.errors.interaction',
};

/**
 * A failure notice: the catalogue text of PRODUCT-SPEC §8, then the reason when the server
 * gave one (a 4xx such as 409 "already reviewed", said by its code in the reader's language);
 * nothing more for server failures and network errors.
 */
export function ReviewError({ kind, error, className }: { kind: ReviewErrorKind; error: unknown; className?: string }) {
  const t = useT();
  const errorText = useErrorText();
  const title = t(TITLES[kind]);
  const detail = error instanceof ApiError && error.status < 500 && (error.code || error.serverMessage) ? errorText(error) : null;
  return (
    <p className={['notice notice-error', className].filter(Boolean).join(' ')} role="alert">
      {detail && detail !== title ? t('reviews.errorDetail', { title, detail }) : title}
    </p>
  );
}
