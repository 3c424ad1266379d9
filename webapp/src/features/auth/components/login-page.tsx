import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@/lib/router';
import { useLogin } from '@/api/users';
import { MessageDialog } from '@/components/dialog/message-dialog';
import { useSession } from '@/lib/auth-storage';
import { FormattedMessage, useErrorText, useT } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { AlreadyLoggedIn } from './already-logged-in';
import styles from './auth.module.css';

/** Login and failure dialogs close by themselves after this long (PRODUCT-SPEC §9). */
export const LOGIN_DIALOG_MS = 2000;

type Errors = { email?: string; password?: string };
type Outcome = { ok: true; username: string } | { ok: false; message: string };

export function LoginPage() {
  const t = useT();
  const errorText = useErrorText();
  usePageTitle(t('auth.login.pageTitle'));
  const navigate = useNavigate();
  const session = useSession();
  const loginMutation = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Errors = {};
    if (!email.trim()) next.email = t('auth.emailRequired');
    if (!password) next.password = t('auth.passwordRequired');
    setErrors(next);
    if (next.email || next.password) return;
    loginMutation.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (data) => setOutcome({ ok: true, username: data.user.username }),
        onError: (error) => setOutcome({ ok: false, message: errorText(error, t('common.somethingWentWrong')) }),
      },
    );
  }

  // Logged in before coming here (not by this form, whose success dialog is still to show).
  if (session && !outcome && loginMutation.isIdle) return <AlreadyLoggedIn username={session.user?.username ?? null} />;

  return (
    <div className={styles.wrap}>
      <section className={`card ${styles.card}`} aria-labelledby="login-title">
        <h1 id="login-title">{t('auth.login.title')}</h1>
        <p className="muted">{t('auth.login.intro')}</p>
        <form noValidate onSubmit={onSubmit} className={styles.form}>
          <div className="field">
            <label htmlFor="login-email">{t('auth.email')}</label>
            <input
              id="login-email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? 'login-email-error' : undefined}
            />
            {errors.email ? (
              <span id="login-email-error" className="error">
                {errors.email}
              </span>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor="login-password">{t('auth.password')}</label>
            <input
              id="login-password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? 'login-password-error' : undefined}
            />
            {errors.password ? (
              <span id="login-password-error" className="error">
                {errors.password}
              </span>
            ) : null}
          </div>
          <button type="submit" className={`btn btn-primary ${styles.submit}`} disabled={loginMutation.isPending}>
            {loginMutation.isPending ? t('auth.login.submitting') : t('auth.login.submit')}
          </button>
        </form>
        <p className={styles.switch}>
          <FormattedMessage id="auth.login.noAccount" values={{ link: (chunks) => <Link to="/signup">{chunks}</Link> }} />
        </p>
      </section>

      {outcome?.ok ? (
        <MessageDialog
          title={t('auth.login.success.title')}
          message={t('auth.login.success.message', { username: outcome.username })}
          tone="success"
          autoCloseMs={LOGIN_DIALOG_MS}
          onClose={() => {
            setOutcome(null);
            navigate('/');
          }}
        />
      ) : null}
      {outcome && !outcome.ok ? (
        <MessageDialog
          title={t('auth.login.failed.title')}
          message={outcome.message}
          tone="danger"
          autoCloseMs={LOGIN_DIALOG_MS}
          onClose={() => setOutcome(null)}
        />
      ) : null}
    </div>
  );
}
