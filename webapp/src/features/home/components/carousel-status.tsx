import { useT } from '@/lib/i18n';

/** A carousel's own failure: one line and a retry button; the rest of the page stays. */
export function CarouselError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <p role="alert">
      {message}
      <button type="button" className="btn" onClick={onRetry} style={{ marginLeft: '0.5em' }}>
        {t('home.retry')}
      </button>
    </p>
  );
}
