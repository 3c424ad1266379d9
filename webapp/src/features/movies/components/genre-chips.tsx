import { useEffect, useRef } from 'react';
import { CHECK } from '@/components/icons/glyphs';
import { useGenreName, useT } from '@/lib/i18n';
import type { Genre } from '@/api/movies';
import styles from './genre-chips.module.css';

type GenreChipsProps = {
  genres: Genre[];
  selected: number[];
  onToggle: (id: number) => void;
};

/** Toggle buttons, one per genre; a movie must have every selected genre. */
export function GenreChips({ genres, selected, onToggle }: GenreChipsProps) {
  const t = useT();
  const genreName = useGenreName();
  const listRef = useRef<HTMLUListElement>(null);
  const firstSelected = selected[0];

  useEffect(() => {
    // On phones the chips are one swipeable row: bring the chosen genre into sight.
    const list = listRef.current;
    const chip = list?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!list || !chip || list.scrollWidth <= list.clientWidth) return;
    const left = chip.offsetLeft; // the list is positioned, so this is within its scrolled content
    if (left < list.scrollLeft || left + chip.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = Math.max(0, left - 16);
    }
  }, [firstSelected, genres.length]);

  return (
    <ul ref={listRef} className={styles.chips} aria-label={t('browse.genreFilter')}>
      {genres.map((genre) => {
        const on = selected.includes(genre.id);
        return (
          <li key={genre.id}>
            <button
              type="button"
              className={on ? `${styles.chip} ${styles.on}` : styles.chip}
              aria-pressed={on}
              onClick={() => onToggle(genre.id)}
            >
              {on ? <span aria-hidden="true">{CHECK} </span> : null}
              {genreName(genre)}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
