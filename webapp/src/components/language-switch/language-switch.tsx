import { saveLanguage } from '@/api/users';
import { LANGUAGES, useLanguage, useT, type Language } from '@/lib/i18n';
import styles from './language-switch.module.css';

const NAMES = {
  fi: { full: 'language.fi', short: 'language.fi.short' },
  en: { full: 'language.en', short: 'language.en.short' },
} as const satisfies Record<Language, { full: string; short: string }>;

type LanguageSwitchProps = {
  /** "FI | EN" on screen (the header on a phone has no room for more); screen readers still hear the names. */
  compact?: boolean;
  className?: string;
};

/**
 * Suomi | English: each language named in itself (so readers find theirs whatever is shown),
 * the current one pressed. The choice applies at once and is remembered in this browser, and
 * on the profile when logged in (so the next login elsewhere opens in it).
 */
export function LanguageSwitch({ compact = false, className }: LanguageSwitchProps) {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  return (
    <div role="group" aria-label={t('language.label')} className={[styles.switch, className].filter(Boolean).join(' ')}>
      {LANGUAGES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          className={styles.option}
          aria-pressed={option === language}
          onClick={() => {
            setLanguage(option);
            void saveLanguage(option);
          }}
        >
          {compact ? (
            <>
              <span aria-hidden="true">{t(NAMES[option].short)}</span>
              <span className="visually-hidden">{t(NAMES[option].full)}</span>
            </>
          ) : (
            t(NAMES[option].full)
          )}
        </button>
      ))}
    </div>
  );
}
