/** A carousel's own failure: one line and a retry button; the rest of the page stays. */
export function CarouselError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <p role="alert">
      {message}{' '}
      <button type="button" className="btn" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}
