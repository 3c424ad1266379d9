import { useId } from 'react';
import styles from './review.module.css';

export type StarRatingInputProps = {
  value: number;
  onChange: (value: number) => void;
  /** The fieldset's legend. */
  legend?: string;
  disabled?: boolean;
};

/**
 * A 1..5 rating as a group of radio buttons drawn as stars: arrow keys move between them,
 * each reads out as "3 stars", and the chosen value is also written as text.
 */
export function StarRatingInput({ value, onChange, legend = 'Rating', disabled = false }: StarRatingInputProps) {
  const name = useId();
  return (
    <fieldset className={styles.ratingInput} disabled={disabled}>
      <legend className={styles.ratingLegend}>{legend}</legend>
      <div className={styles.ratingStars}>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={`${styles.ratingStar} ${n <= value ? styles.starOn : styles.starOff}`}>
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
        <span className={styles.ratingValue} aria-hidden="true">
          {value} / 5
        </span>
      </div>
    </fieldset>
  );
}
