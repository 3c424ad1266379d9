import { useT } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import styles from './static-pages.module.css';

const CONTACTS = [
  { titleKey: 'contact.support.title', textKey: 'contact.support.text', email: 'support@leffaseura.fi' },
  { titleKey: 'contact.partners.title', textKey: 'contact.partners.text', email: 'partners@leffaseura.fi' },
  { titleKey: 'contact.ideas.title', textKey: 'contact.ideas.text', email: 'ideas@leffaseura.fi' },
] as const;

export function ContactPage() {
  const t = useT();
  usePageTitle(t('contact.pageTitle'));
  return (
    <article>
      <div className="prose">
        <h1>{t('contact.title')}</h1>
        <p>{t('contact.intro')}</p>
      </div>
      <ul className={styles.contacts}>
        {CONTACTS.map((contact) => (
          <li key={contact.email} className="card">
            <h2>{t(contact.titleKey)}</h2>
            <p className="muted">{t(contact.textKey)}</p>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </li>
        ))}
      </ul>
    </article>
  );
}
