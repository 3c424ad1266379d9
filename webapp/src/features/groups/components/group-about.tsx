import { useId, useState } from 'react';
import { useT } from '@/lib/i18n';
import { ABOUT_LIMIT, isLonger, truncate } from '../lib/format';
import styles from './groups.module.css';
import pageStyles from './group-page.module.css';

/** "About this Group": the description (folded beyond 200 characters) or "No description available.". */
export function GroupAbout({ description }: { description: string | null | undefined }) {
  const t = useT();
  const textId = useId();
  const [expanded, setExpanded] = useState(false);
  const text = description?.trim() ?? '';
  const long = isLonger(text, ABOUT_LIMIT);
  return (
    <section className={pageStyles.about} aria-labelledby="group-about">
      <h2 id="group-about" className={pageStyles.sectionTitle}>
        {t('groups.about.title')}
      </h2>
      {text ? (
        <>
          <p id={textId} className={pageStyles.aboutText}>
            {long && !expanded ? truncate(text, ABOUT_LIMIT) : text}
          </p>
          {long ? (
            <button
              type="button"
              className={styles.linkButton}
              aria-expanded={expanded}
              aria-controls={textId}
              onClick={() => setExpanded((value) => !value)}
            >
              {expanded ? t('groups.about.less') : t('groups.about.more')}
            </button>
          ) : null}
        </>
      ) : (
        <p className="muted">{t('groups.about.empty')}</p>
      )}
    </section>
  );
}
