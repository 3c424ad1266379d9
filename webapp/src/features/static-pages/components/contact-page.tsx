import { usePageTitle } from '@/lib/use-page-title';
import styles from './static-pages.module.css';

const CONTACTS = [
  {
    title: 'Technical support',
    text: 'Trouble logging in, a page that does not work, or something that looks broken.',
    email: 'support@leffaseura.fi',
  },
  {
    title: 'Business and partnerships',
    text: 'Cinemas, festivals, film clubs and anyone who would like to work with us.',
    email: 'partners@leffaseura.fi',
  },
  {
    title: 'Feature suggestions',
    text: 'An idea that would make Leffaseura better for movie fans? We would love to hear it.',
    email: 'ideas@leffaseura.fi',
  },
] as const;

export function ContactPage() {
  usePageTitle('Contact');
  return (
    <article>
      <div className="prose">
        <h1>Contact us</h1>
        <p>We read every message and usually answer within a few working days.</p>
      </div>
      <ul className={styles.contacts}>
        {CONTACTS.map((contact) => (
          <li key={contact.email} className="card">
            <h2>{contact.title}</h2>
            <p className="muted">{contact.text}</p>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </li>
        ))}
      </ul>
    </article>
  );
}
