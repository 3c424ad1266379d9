import { useId } from 'react';
import { useThemes } from '@/api/groups/get-themes';
import { useGenres } from '@/api/movies';
import { useGenreName, useT } from '@/lib/i18n';
import { DESCRIPTION_MAX, NAME_MAX, type GroupDraft } from '../lib/group-draft';
import { themeName } from '../lib/format';
import formStyles from './group-form.module.css';
import { THEME_KEYS, VISIBILITY_HINT_KEYS, VISIBILITY_KEYS } from './text-keys';
import styles from './groups.module.css';

type GroupFormFieldsProps = {
  draft: GroupDraft;
  onChange: (draft: GroupDraft) => void;
  /** The name's error, shown under it and tied to it for screen readers. */
  nameError?: string | null;
  /** The edit dialog also offers the poster address. */
  withPoster?: boolean;
};

/** Name, description, theme, genres, visibility (and poster): the create page and the edit dialog. */
export function GroupFormFields({ draft, onChange, nameError, withPoster = false }: GroupFormFieldsProps) {
  const t = useT();
  const genreName = useGenreName();
  const id = useId();
  const themes = useThemes();
  const genres = useGenres();
  const set = <K extends keyof GroupDraft>(key: K, value: GroupDraft[K]) => onChange({ ...draft, [key]: value });
  // The four themes, in the reader's language; the API's list decides which exist.
  const themeIds = themes.data?.map((theme) => theme.id) ?? [1, 2, 3, 4];

  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('groups.form.name')}</label>
        <input
          id={`${id}-name`}
          type="text"
          value={draft.name}
          maxLength={NAME_MAX}
          required
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name-error` : `${id}-name-hint`}
          onChange={(event) => set('name', event.target.value)}
        />
        {nameError ? (
          <span id={`${id}-name-error`} className="error">
            {nameError}
          </span>
        ) : (
          <span id={`${id}-name-hint`} className="hint">
            {t('groups.form.nameHint', { max: NAME_MAX })}
          </span>
        )}
      </div>

      <div className="field">
        <label htmlFor={`${id}-description`}>{t('groups.form.description')}</label>
        <textarea
          id={`${id}-description`}
          rows={4}
          value={draft.description}
          maxLength={DESCRIPTION_MAX}
          aria-describedby={`${id}-description-hint`}
          onChange={(event) => set('description', event.target.value)}
        />
        <span id={`${id}-description-hint`} className="hint">
          {t('groups.form.descriptionHint', { max: DESCRIPTION_MAX })}
        </span>
      </div>

      <fieldset className={formStyles.fieldset}>
        <legend>{t('groups.form.theme')}</legend>
        <div className={formStyles.themeChoices}>
          {themeIds.map((themeId) => {
            const theme = themeName(themeId);
            if (!theme) return null;
            return (
              <label key={themeId} className={formStyles.themeChoice}>
                <input type="radio" name={`${id}-theme`} checked={draft.themeId === themeId} onChange={() => set('themeId', themeId)} />
                <span className={`${formStyles.swatch} ${styles[`theme-${theme}`]}`} aria-hidden="true" />
                {t(THEME_KEYS[theme])}
              </label>
            );
          })}
        </div>
      </fieldset>

      <fieldset className={formStyles.fieldset}>
        <legend>{t('groups.form.genres')}</legend>
        {genres.isPending ? (
          <p className="muted">{t('groups.form.genresLoading')}</p>
        ) : genres.isError ? (
          <p className={`muted ${styles.retryLine}`}>
            {t('groups.form.genresError')}
            <button type="button" className={styles.linkButton} onClick={() => void genres.refetch()}>
              {t('groups.common.retry')}
            </button>
          </p>
        ) : (
          <div className={formStyles.genreChoices}>
            {genres.data.map((genre) => {
              const checked = draft.tags.includes(genre.id);
              return (
                <label key={genre.id} className={`${formStyles.genreChoice} ${checked ? formStyles.genreChecked : ''}`}>
                  <input
                    type="checkbox"
                    checked={checked}
                    onChange={() => set('tags', checked ? draft.tags.filter((tag) => tag !== genre.id) : [...draft.tags, genre.id])}
                  />
                  {genreName(genre)}
                </label>
              );
            })}
          </div>
        )}
      </fieldset>

      <fieldset className={formStyles.fieldset}>
        <legend>{t('groups.form.visibility')}</legend>
        <div className={formStyles.visibilityChoices}>
          {(['public', 'private'] as const).map((visibility) => (
            <label key={visibility} className={`${formStyles.visibilityChoice} ${draft.visibility === visibility ? formStyles.visibilityChecked : ''}`}>
              <input
                type="radio"
                name={`${id}-visibility`}
                checked={draft.visibility === visibility}
                onChange={() => set('visibility', visibility)}
              />
              <span>
                <strong>{t(VISIBILITY_KEYS[visibility])}</strong>
                <span className={formStyles.choiceHint}>{t(VISIBILITY_HINT_KEYS[visibility])}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {withPoster ? (
        <div className="field">
          <label htmlFor={`${id}-poster`}>{t('groups.form.posterUrl')}</label>
          <input
            id={`${id}-poster`}
            type="url"
            inputMode="url"
            value={draft.posterUrl}
            placeholder={t('groups.form.posterPlaceholder')}
            aria-describedby={`${id}-poster-hint`}
            onChange={(event) => set('posterUrl', event.target.value)}
          />
          <span id={`${id}-poster-hint`} className="hint">
            {t('groups.form.posterHint')}
          </span>
        </div>
      ) : null}
    </>
  );
}
