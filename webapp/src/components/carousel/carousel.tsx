import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { NEXT, PREVIOUS } from '@/components/icons/glyphs';
import { useT } from '@/lib/i18n';
import styles from './carousel.module.css';

type CarouselProps = {
  title: string;
  /** Shown next to the arrows, e.g. a "See all" link. */
  action?: ReactNode;
  /**
   * Shown instead of the strip (loading, empty or error text); the strip is shown when
   * this is null or undefined.
   */
  status?: ReactNode;
  /** How many items the strip holds; re-measures the overflow when it changes. */
  itemCount: number;
  /** Called when the strip is scrolled close to its end (to load more). */
  onNearEnd?: () => void;
  /** The `<li>` items; give each `carouselItemClass` (or a class with `scroll-snap-align`). */
  children: ReactNode;
};

/** The class for an item of the strip: no shrinking, snaps to the start. */
export const carouselItemClass = styles.item;

/**
 * A titled horizontal strip (PRODUCT-SPEC §2: homepage, cast and crew). The strip itself is
 * focusable, so the arrow keys scroll it; the ‹ › buttons page through it for mouse users
 * and only appear when it overflows.
 */
export function Carousel({ title, action, status, itemCount, onNearEnd, children }: CarouselProps) {
  const stripRef = useRef<HTMLUListElement>(null);
  const t = useT();
  const headingId = useId();
  const [overflowing, setOverflowing] = useState(false);
  const showStrip = status === null || status === undefined;

  useEffect(() => {
    const strip = stripRef.current;
    if (!strip) return;
    const measure = () => setOverflowing(strip.scrollWidth > strip.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(strip);
    return () => observer.disconnect();
  }, [itemCount, showStrip]);

  function scroll(direction: 1 | -1) {
    const strip = stripRef.current;
    if (!strip) return;
    strip.scrollBy?.({ left: direction * strip.clientWidth * 0.85, behavior: 'smooth' });
  }

  function onScroll() {
    const strip = stripRef.current;
    if (!strip || !onNearEnd) return;
    // Within about one screen of the end: ask for more before the user gets there.
    if (strip.scrollLeft + strip.clientWidth >= strip.scrollWidth - strip.clientWidth) onNearEnd();
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.top}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {action || (showStrip && overflowing) ? (
          <div className={styles.controls}>
            {action}
            {showStrip && overflowing ? (
              <>
                <button type="button" className={styles.arrow} onClick={() => scroll(-1)} aria-label={t('carousel.back', { title })}>
                  <span aria-hidden="true">{PREVIOUS}</span>
                </button>
                <button type="button" className={styles.arrow} onClick={() => scroll(1)} aria-label={t('carousel.forward', { title })}>
                  <span aria-hidden="true">{NEXT}</span>
                </button>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
      {showStrip ? (
        <ul ref={stripRef} className={styles.strip} tabIndex={0} aria-labelledby={headingId} onScroll={onNearEnd ? onScroll : undefined}>
          {children}
        </ul>
      ) : (
        <div className={styles.status}>{status}</div>
      )}
    </section>
  );
}
