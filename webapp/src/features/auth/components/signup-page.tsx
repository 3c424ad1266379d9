import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Dialog } from '@/components/dialog/dialog';
import { MessageDialog } from '@/components/dialog/message-dialog';
import { ApiError, errorMessage } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { useRegister } from '../api/register';
import styles from './auth.module.css';

/** The server accepts passwords of 8..128 characters (API.md, Users). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

type Field = 'username' | 'email' | 'password';
type Errors = Partial<Record<Field, string>>;
type Outcome = { kind: 'created' } | { kind: 'exists' } | { kind: 'failed'; message: string };

function isExistsError(error: unknown) {
  if (error instanceof ApiError && error.status === 409) return true;
  return /exists/i.test(errorMessage(error, ''));
}

export function SignupPage() {
  usePageTitle('Sign up');
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Errors = {};
    if (!values.username.trim()) next.username = 'Username is required.';
    if (!values.email.trim()) next.email = 'Email is required.';
    if (!values.password) next.password = 'Password is required.';
    else if (values.password.length < PASSWORD_MIN)
      next.password = `Password must be at least ${PASSWORD_MIN} characters.`;
    else if (values.password.length > PASSWORD_MAX)
      next.password = `Password can be at most ${PASSWORD_MAX} characters.`;
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
              : { kind: 'failed', message: errorMessage(error, 'Something went wrong') },
          ),
      },
    );
  }

  const field = (name: Field, label: string, type: string, autoComplete: string, placeholder?: string) => (
    <div className="field">
      <label htmlFor={`signup-${name}`}>{label}</label>
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

  return (
    <div className={styles.wrap}>
      <section className={`card ${styles.card}`} aria-labelledby="signup-title">
        <h1 id="signup-title">Create your account</h1>
        <p className="muted">Join Leffaseura to review movies, keep a watchlist and start movie groups.</p>
        <form noValidate onSubmit={onSubmit} className={styles.form}>
          {field('username', 'Username', 'text', 'username', '3–30 letters, digits, _ . -')}
          {field('email', 'Email', 'email', 'email', 'you@example.com')}
          {field('password', 'Password', 'password', 'new-password', `At least ${PASSWORD_MIN} characters`)}
          <button type="submit" className={`btn btn-primary ${styles.submit}`} disabled={registerMutation.isPending}>
            {registerMutation.isPending ? 'Creating account…' : 'Sign Up'}
          </button>
        </form>
        <p className={styles.switch}>
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      </section>

      {outcome?.kind === 'created' ? (
        <Dialog
          title="Account Created!"
          description="Your account was created successfully. Continue to login?"
          tone="success"
          onClose={() => setOutcome(null)}
          actions={
            <>
              <button type="button" className="btn" onClick={() => setOutcome(null)}>
                Not now
              </button>
              <button type="button" className="btn btn-primary" data-autofocus onClick={() => navigate('/login')}>
                Go to Login
              </button>
            </>
          }
        />
      ) : null}
      {outcome?.kind === 'exists' ? (
        <MessageDialog
          title="User Already Exists"
          message="An account with this email or username already exists."
          tone="danger"
          onClose={() => setOutcome(null)}
        />
      ) : null}
      {outcome?.kind === 'failed' ? (
        <MessageDialog
          title="Registration Failed"
          message={outcome.message}
          tone="danger"
          onClose={() => setOutcome(null)}
        />
      ) : null}
    </div>
  );
}
