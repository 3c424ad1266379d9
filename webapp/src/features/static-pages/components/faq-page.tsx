import { FormattedMessage, useT } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { richTags } from './rich';
import styles from './static-pages.module.css';

/** Each question's key; the answer is `<key>.a`, the question `<key>.q`. */
const FAQ = ['free', 'account', 'sources', 'reviews', 'aura', 'groups', 'settings', 'delete'] as const;

export function FaqPage() {
  const t = useT();
  usePageTitle(t('faq.pageTitle'));
  return (
    <article className="prose">
      <h1>{t('faq.title')}</h1>
      <div className={styles.faq}>
        {FAQ.map((item) => (
          <details key={item}>
            <summary>{t(`faq.${item}.q` as const)}</summary>
            <p>
              <FormattedMessage id={`faq.${item}.a` as const} values={richTags} />
            </p>
          </details>
        ))}
      </div>
      <p className="muted">
        <FormattedMessage id="faq.more" values={richTags} />
      </p>
    </article>
  );
}
