import type { Genre } from '../types';
import styles from './genre-chips.module.css';

type GenreChipsProps = {
  genres: Genre[];
  selected: number[];
  onToggle: (id: number) => void;
};

/** Toggle buttons, one per genre; a movie must have every selected genre. */
export function GenreChips({ genres, selected, onToggle }: GenreChipsProps) {
  return (
    <ul className={styles.chips} aria-label="Filter by genre">
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
              {on ? <span aria-hidden="true">✓ </span> : null}
              {genre.name}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
