import { Link } from '@/lib/router';
import { useT } from '@/lib/i18n';
import styles from './login-prompt.module.css';

type LoginPromptProps = {
  /** The page's heading, e.g. "Settings". */
  title: string;
  /** One sentence saying what logging in gives, e.g. "Please log in to change your settings." */
  message: string;
};

/** What a page for logged-in users shows a visitor: the reason and a link to the login page. */
export function LoginPrompt({ title, message }: LoginPromptProps) {
  const t = useT();
  return (
    <section className={`card ${styles.prompt}`} aria-labelledby="login-prompt-title">
      <h1 id="login-prompt-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.text}>{message}</p>
      <Link to="/login" className="btn btn-primary">
        {t('loginPrompt.login')}
      </Link>
    </section>
  );
}
