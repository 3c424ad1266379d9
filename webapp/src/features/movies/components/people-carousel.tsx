import { useEffect, useRef, useState } from 'react';
import { initials } from '../lib/format';
import styles from './people-carousel.module.css';

export type Person = { id: number; name: string; role: string; profilePath: string | null };

type PeopleCarouselProps = {
  title: string;
  people: Person[];
  /** Said when the list is empty. */
  empty: string;
};

/**
 * A titled horizontal list of people. The strip itself is focusable, so the arrow keys
 * scroll it; the buttons page through it for mouse users.
 */
export function PeopleCarousel({ title, people, empty }: PeopleCarouselProps) {
  const stripRef = useRef<HTMLUListElement>(null);
  const headingId = `carousel-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const [overflowing, setOverflowing] = useState(false);

  useEffect(() => {
    // The arrows only appear when the strip is wider than the screen.
    const strip = stripRef.current;
    if (!strip) return;
    const measure = () => setOverflowing(strip.scrollWidth > strip.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(strip);
    return () => observer.disconnect();
  }, [people.length]);

  function scroll(direction: 1 | -1) {
    const strip = stripRef.current;
    if (!strip) return;
    strip.scrollBy?.({ left: direction * strip.clientWidth * 0.85, behavior: 'smooth' });
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.top}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {overflowing ? (
          <div className={styles.arrows}>
            <button type="button" className={styles.arrow} onClick={() => scroll(-1)} aria-label={`Scroll ${title.toLowerCase()} back`}>
              ‹
            </button>
            <button type="button" className={styles.arrow} onClick={() => scroll(1)} aria-label={`Scroll ${title.toLowerCase()} forward`}>
              ›
            </button>
          </div>
        ) : null}
      </div>
      {people.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul ref={stripRef} className={styles.strip} tabIndex={0} aria-labelledby={headingId}>
          {people.map((person) => (
            <li key={`${person.id}-${person.role}`} className={styles.person}>
              <Portrait person={person} />
              <span className={styles.name}>{person.name}</span>
              {person.role ? <span className={styles.role}>{person.role}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Portrait({ person }: { person: Person }) {
  const [failed, setFailed] = useState(false);
  if (person.profilePath && !failed) {
    return (
      <img
        className={styles.portrait}
        src={person.profilePath}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className={`${styles.portrait} ${styles.initials}`} aria-hidden="true">
      {initials(person.name)}
    </span>
  );
}
