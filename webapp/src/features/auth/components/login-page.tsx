import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { MessageDialog } from '@/components/dialog/message-dialog';
import { errorMessage } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { useLogin } from '../api/login';
import styles from './auth.module.css';

/** Login and failure dialogs close by themselves after this long (PRODUCT-SPEC §9). */
export const LOGIN_DIALOG_MS = 2000;

type Errors = { email?: string; password?: string };
type Outcome = { ok: true; username: string } | { ok: false; message: string };

export function LoginPage() {
  usePageTitle('Login');
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Errors = {};
    if (!email.trim()) next.email = 'Email is required.';
    if (!password) next.password = 'Password is required.';
    setErrors(next);
    if (next.email || next.password) return;
    loginMutation.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (data) => setOutcome({ ok: true, username: data.user.username }),
        onError: (error) => setOutcome({ ok: false, message: errorMessage(error, 'Something went wrong') }),
      },
    );
  }

  return (
    <div className={styles.wrap}>
      <section className={`card ${styles.card}`} aria-labelledby="login-title">
        <h1 id="login-title">Welcome back</h1>
        <p className="muted">Log in to keep favorites, write reviews and join movie groups.</p>
        <form noValidate onSubmit={onSubmit} className={styles.form}>
          <div className="field">
            <label htmlFor="login-email">Email</label>
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
            <label htmlFor="login-password">Password</label>
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
            {loginMutation.isPending ? 'Logging in…' : 'Login'}
          </button>
        </form>
        <p className={styles.switch}>
          New to Leffaseura? <Link to="/signup">Create an account</Link>
        </p>
      </section>

      {outcome?.ok ? (
        <MessageDialog
          title="Login Successful"
          message={`Welcome back, ${outcome.username}! Taking you home…`}
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
          title="Login Failed"
          message={outcome.message}
          tone="danger"
          autoCloseMs={LOGIN_DIALOG_MS}
          onClose={() => setOutcome(null)}
        />
      ) : null}
    </div>
  );
}
