import { useState } from 'react';
import { Carousel } from '@/components/carousel/carousel';
import { initials } from '../lib/format';
import styles from './people-carousel.module.css';

export type Person = { id: number; name: string; role: string; profilePath: string | null };

type PeopleCarouselProps = {
  title: string;
  people: Person[];
  /** Said when the list is empty. */
  empty: string;
};

/** A titled horizontal list of people (cast, key crew), on the shared keyboard-scrollable strip. */
export function PeopleCarousel({ title, people, empty }: PeopleCarouselProps) {
  return (
    <Carousel title={title} itemCount={people.length} status={people.length === 0 ? <p className="muted">{empty}</p> : null}>
      {people.map((person) => (
        <li key={`${person.id}-${person.role}`} className={styles.person}>
          <Portrait person={person} />
          <span className={styles.name}>{person.name}</span>
          {person.role ? <span className={styles.role}>{person.role}</span> : null}
        </li>
      ))}
    </Carousel>
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
