import { useT, type MessageKey } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import styles from './coming-soon.module.css';

/** The pages still waiting for their feature (each has comingSoon.<page>.title and .message texts). */
export type ComingSoonPage = 'showtimes' | 'search' | 'reviews';

type ComingSoonProps = {
  titleKey: MessageKey;
  /** One friendly sentence saying what arrives, e.g. "Browsing movies arrives soon." */
  messageKey: MessageKey;
};

/** Stands in for a page whose feature is not built yet. */
export function ComingSoon({ titleKey, messageKey }: ComingSoonProps) {
  const t = useT();
  const title = t(titleKey);
  usePageTitle(title);
  return (
    <section className={styles.soon} aria-labelledby="coming-soon-title">
      <span className={styles.badge}>{t('comingSoon.badge')}</span>
      <h1 id="coming-soon-title">{title}</h1>
      <p>{t(messageKey)}</p>
    </section>
  );
}
