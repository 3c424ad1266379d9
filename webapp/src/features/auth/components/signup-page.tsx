import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@/lib/router';
import { PASSWORD_MAX, PASSWORD_MIN } from '@/api/limits';
import { useRegister } from '@/api/users';
import { Dialog } from '@/components/dialog/dialog';
import { MessageDialog } from '@/components/dialog/message-dialog';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth-storage';
import { FormattedMessage, useErrorText, useT, type MessageKey } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { AlreadyLoggedIn } from './already-logged-in';
import styles from './auth.module.css';

type Field = 'username' | 'email' | 'password';
type Errors = Partial<Record<Field, string>>;
type Outcome = { kind: 'created' } | { kind: 'exists' } | { kind: 'failed'; message: string };

/** PRODUCT-SPEC §8: a 409, or a message saying the user exists. */
function isExistsError(error: unknown) {
  return error instanceof ApiError && (error.status === 409 || /exists/i.test(error.message));
}

export function SignupPage() {
  const t = useT();
  const errorText = useErrorText();
  usePageTitle(t('auth.signup.pageTitle'));
  const navigate = useNavigate();
  const session = useSession();
  const registerMutation = useRegister();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Errors = {};
    if (!values.username.trim()) next.username = t('auth.usernameRequired');
    if (!values.email.trim()) next.email = t('auth.emailRequired');
    if (!values.password) next.password = t('auth.passwordRequired');
    else if (values.password.length < PASSWORD_MIN) next.password = t('auth.signup.passwordTooShort', { min: PASSWORD_MIN });
    else if (values.password.length > PASSWORD_MAX) next.password = t('auth.signup.passwordTooLong', { max: PASSWORD_MAX });
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    registerMutation.mutate(
      { username: values.username.trim(), email: values.email.trim(), password: values.password },
      {
        onSuccess: () => setOutcome({ kind: 'created' }),
        onError: (error) =>
          setOutcome(
            isExistsError(error)
              ? { kind: 'exists' }
              : { kind: 'failed', message: errorText(error, t('common.somethingWentWrong')) },
          ),
      },
    );
  }

  const field = (name: Field, label: MessageKey, type: string, autoComplete: string, placeholder?: string) => (
    <div className="field">
      <label htmlFor={`signup-${name}`}>{t(label)}</label>
      <input
        id={`signup-${name}`}
        type={type}
        autoComplete={autoComplete}
        required
        placeholder={placeholder}
        value={values[name]}
        onChange={set(name)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `signup-${name}-error` : undefined}
      />
      {errors[name] ? (
        <span id={`signup-${name}-error`} className="error">
          {errors[name]}
        </span>
      ) : null}
    </div>
  );

  if (session && !outcome && registerMutation.isIdle) return <AlreadyLoggedIn username={session.user?.username ?? null} />;

  return (
    <div className={styles.wrap}>
      <section className={`card ${styles.card}`} aria-labelledby="signup-title">
        <h1 id="signup-title">{t('auth.signup.title')}</h1>
        <p className="muted">{t('auth.signup.intro')}</p>
        <form noValidate onSubmit={onSubmit} className={styles.form}>
          {field('username', 'auth.username', 'text', 'username', t('auth.signup.usernamePlaceholder'))}
          {field('email', 'auth.email', 'email', 'email', t('auth.signup.emailPlaceholder'))}
          {field('password', 'auth.password', 'password', 'new-password', t('auth.signup.passwordPlaceholder', { min: PASSWORD_MIN }))}
          <button type="submit" className={`btn btn-primary ${styles.submit}`} disabled={registerMutation.isPending}>
            {registerMutation.isPending ? t('auth.signup.submitting') : t('auth.signup.submit')}
          </button>
        </form>
        <p className={styles.switch}>
          <FormattedMessage id="auth.signup.haveAccount" values={{ link: (chunks) => <Link to="/login">{chunks}</Link> }} />
        </p>
      </section>

      {outcome?.kind === 'created' ? (
        <Dialog
          title={t('auth.signup.created.title')}
          description={t('auth.signup.created.message')}
          tone="success"
          onClose={() => setOutcome(null)}
          actions={
            <>
              <button type="button" className="btn" onClick={() => setOutcome(null)}>
                {t('auth.signup.created.notNow')}
              </button>
              <button type="button" className="btn btn-primary" data-autofocus onClick={() => navigate('/login')}>
                {t('auth.signup.created.goToLogin')}
              </button>
            </>
          }
        />
      ) : null}
      {outcome?.kind === 'exists' ? (
        <MessageDialog
          title={t('auth.signup.exists.title')}
          message={t('auth.signup.exists.message')}
          tone="danger"
          onClose={() => setOutcome(null)}
        />
      ) : null}
      {outcome?.kind === 'failed' ? (
        <MessageDialog
          title={t('auth.signup.failed.title')}
          message={outcome.message}
          tone="danger"
          onClose={() => setOutcome(null)}
        />
      ) : null}
    </div>
  );
}
