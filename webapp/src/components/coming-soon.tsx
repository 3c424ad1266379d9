import { usePageTitle } from '@/lib/use-page-title';
import { useT } from '@/lib/i18n';
import styles from './coming-soon.module.css';

type ComingSoonProps = {
  title: string;
  /** One friendly sentence saying what arrives, e.g. "Browsing movies arrives soon." */
  message: string;
};

/** Stands in for a page whose feature is not built yet. */
export function ComingSoon({ title, message }: ComingSoonProps) {
  const t = useT();
  usePageTitle(title);
  return (
    <section className={styles.soon} aria-labelledby="coming-soon-title">
      <span className={styles.badge}>{t('comingSoon.badge')}</span>
      <h1 id="coming-soon-title">{title}</h1>
      <p>{message}</p>
    </section>
  );
}
