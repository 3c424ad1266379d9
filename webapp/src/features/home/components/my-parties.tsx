import { Link } from '@/lib/router';
import { useMyParties } from '@/api/parties';
import { useSession } from '@/lib/auth-storage';
import { useFormat, useT } from '@/lib/i18n';
import styles from './home-page.module.css';

/** "Your next watch parties" for a signed-in user with any coming up; nothing otherwise. */
export function MyParties() {
  const t = useT();
  const format = useFormat();
  const session = useSession();
  const parties = useMyParties(Boolean(session?.user));
  if (!session?.user || !parties.data || parties.data.length === 0) return null;
  return (
    <section className={styles.myParties} aria-labelledby="my-parties-title" data-testid="my-parties">
      <h2 id="my-parties-title">{t('parties.home.title')}</h2>
      <ul>
        {parties.data.map((party) => (
          <li key={party.id}>
            <Link to={`/groups/${party.group_id}`}>
              {t('parties.home.item', {
                title: party.show.title,
                when: format.dateTime(party.show.start),
                theatre: party.show.theatre,
                group: party.group_name,
              })}
            </Link>
            {party.my_answer ? <span className="muted">{t('parties.home.yourAnswer', { answer: party.my_answer })}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
