import { useId } from 'react';
import { STAR } from '@/components/icons/glyphs';
import { useT } from '@/lib/i18n';
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
export function StarRatingInput({ value, onChange, legend, disabled = false }: StarRatingInputProps) {
  const t = useT();
  const name = useId();
  return (
    <fieldset className={styles.ratingInput} disabled={disabled}>
      <legend className={styles.ratingLegend}>{legend ?? t('stars.legend')}</legend>
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
            <span aria-hidden="true">{STAR}</span>
            <span className="visually-hidden">{t('stars.option', { count: n })}</span>
          </label>
        ))}
        <span className={styles.ratingValue} aria-hidden="true">
          {t('stars.value', { value })}
        </span>
      </div>
    </fieldset>
  );
}
