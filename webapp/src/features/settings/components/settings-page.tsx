import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@/lib/router';
import { BIO_MAX, PASSWORD_MIN } from '@/api/limits';
import { useDeleteAccount, useOwnProfile, useUpdateProfile, type ProfileChanges } from '@/api/users';
import { MessageDialog } from '@/components/dialog/message-dialog';
import { LoginPrompt } from '@/components/login-prompt/login-prompt';
import { showToast } from '@/components/toast/toast-store';
import { ApiError } from '@/lib/api-client';
import { clearSession, useSession } from '@/lib/auth-storage';
import { FormattedMessage, useErrorText, useT } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { CurrentPasswordDialog } from './current-password-dialog';
import { DataExport } from './data-export';
import { LetterboxdImport } from './letterboxd-import';
import { MyReports } from './my-reports';
import styles from './settings.module.css';


type Section = 'bio' | 'account';
type Notice = { section: Section; tone: 'success' | 'error' | 'info'; text: string };
type Pending = { kind: 'update'; section: Section; changes: ProfileChanges } | { kind: 'delete' };

/** A wrong current password keeps the dialog open so the user can try again. */
function isWrongPassword(error: unknown) {
  return error instanceof ApiError && (error.code === 'wrong_password' || error.code === 'current_password_required');
}

export function SettingsPage() {
  const t = useT();
  usePageTitle(t('settings.pageTitle'));
  const session = useSession();
  if (!session) return <LoginPrompt title={t('settings.pageTitle')} message={t('settings.loginMessage')} />;
  return <SettingsForm />;
}

function SettingsForm() {
  const t = useT();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const profile = useOwnProfile();
  const user = profile.data ?? session?.user ?? null;
  const currentBio = user?.user_bio ?? '';

  const updateMutation = useUpdateProfile();
  const deleteMutation = useDeleteAccount();

  const [bioDraft, setBioDraft] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<{ message: string } | null>(null);

  const bio = bioDraft ?? currentBio;

  function askPassword(next: Pending) {
    setNotice(null);
    setDialogError(null);
    setPending(next);
  }

  function onSetBio() {
    if (bio.trim() === currentBio.trim()) {
      setNotice({ section: 'bio', tone: 'info', text: t('settings.bioUnchanged') });
      return;
    }
    askPassword({ kind: 'update', section: 'bio', changes: { user_bio: bio.trim() } });
  }

  function onSaveChanges() {
    const changes: ProfileChanges = {};
    const nextEmail = email.trim();
    const nextUsername = username.trim();
    if (nextEmail && nextEmail.toLowerCase() !== (user?.email ?? '').toLowerCase()) changes.email = nextEmail;
    if (nextUsername && nextUsername !== user?.username) changes.username = nextUsername;
    if (newPassword) {
      if (newPassword.length < PASSWORD_MIN) {
        setNotice({
          section: 'account',
          tone: 'error',
          text: t('settings.passwordTooShort', { min: PASSWORD_MIN }),
        });
        return;
      }
      changes.newPassword = newPassword;
    }
    if (Object.keys(changes).length === 0) {
      setNotice({ section: 'account', tone: 'info', text: t('settings.noChanges') });
      return;
    }
    askPassword({ kind: 'update', section: 'account', changes });
  }

  function onConfirm(currentPassword: string) {
    if (!pending) return;
    setDialogError(null);
    if (pending.kind === 'delete') {
      deleteMutation.mutate(currentPassword, {
        onSuccess: () => {
          setPending(null);
          navigate('/');
          clearSession();
          queryClient.removeQueries();
          // Say it happened: the user lands on the homepage, logged out (issue 11 §4).
          showToast(t('settings.deleted'), 'success');
        },
        onError: (error) => {
          if (isWrongPassword(error)) {
            setDialogError(errorText(error));
            return;
          }
          setPending(null);
          setDeleteFailure({ message: errorText(error, t('settings.tryLater')) });
        },
      });
      return;
    }
    const { section, changes } = pending;
    updateMutation.mutate(
      { ...changes, currentPassword },
      {
        onSuccess: ({ token }) => {
          setPending(null);
          if (section === 'bio') {
            setBioDraft(null);
            setNotice({ section, tone: 'success', text: t('settings.bioUpdated') });
            return;
          }
          setEmail('');
          setUsername('');
          setNewPassword('');
          if (changes.newPassword && !token) {
            // The old token stops working after a password change (API.md) and none came back.
            clearSession();
            navigate('/login');
            return;
          }
          setNotice({ section, tone: 'success', text: t('settings.saved') });
        },
        onError: (error) => {
          if (isWrongPassword(error)) {
            setDialogError(errorText(error));
            return;
          }
          setPending(null);
          if (error instanceof ApiError && error.status === 401) {
            clearSession();
            navigate('/login');
            return;
          }
          setNotice({ section, tone: error instanceof ApiError && error.code === 'no_changes' ? 'info' : 'error', text: errorText(error, t('settings.updateFailed')) });
        },
      },
    );
  }

  const noticeFor = (section: Section) =>
    notice?.section === section ? (
      <p className={`notice notice-${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
        {notice.text}
      </p>
    ) : null;

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1>{t('settings.title')}</h1>
        {user ? (
          <p className="muted">
            <FormattedMessage
              id="settings.signedInAs"
              values={{ username: user.username, strong: (chunks) => <strong>{chunks}</strong> }}
            />
            {user.email ? <> {t('settings.email', { email: user.email })}</> : null}
          </p>
        ) : null}
      </header>

      <section className={`card ${styles.section}`} aria-labelledby="bio-title">
        <h2 id="bio-title">{t('settings.bio.title')}</h2>
        <p className="muted">{t('settings.bio.intro')}</p>
        <div className="field">
          <label htmlFor="settings-bio">{t('settings.bio.label')}</label>
          <textarea
            id="settings-bio"
            value={bio}
            maxLength={BIO_MAX}
            onChange={(event) => setBioDraft(event.target.value)}
            placeholder={t('settings.bio.placeholder')}
          />
        </div>
        {noticeFor('bio')}
        <button type="button" className="btn btn-primary" onClick={onSetBio}>
          {t('settings.bio.submit')}
        </button>
      </section>

      <section className={`card ${styles.section}`} aria-labelledby="account-title">
        <h2 id="account-title">{t('settings.account.title')}</h2>
        <p className="muted">{t('settings.account.intro')}</p>
        <div className={styles.grid}>
          <div className="field">
            <label htmlFor="settings-email">{t('settings.account.email')}</label>
            <input
              id="settings-email"
              type="email"
              autoComplete="email"
              value={email}
              placeholder={t('settings.account.emailPlaceholder')}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="settings-username">{t('settings.account.username')}</label>
            <input
              id="settings-username"
              type="text"
              autoComplete="username"
              value={username}
              placeholder={user?.username ?? ''}
              onChange={(event) => setUsername(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="settings-new-password">{t('settings.account.password')}</label>
            <input
              id="settings-new-password"
              type="password"
              autoComplete="new-password"
              value={newPassword}
              placeholder={t('settings.account.passwordPlaceholder', { min: PASSWORD_MIN })}
              onChange={(event) => setNewPassword(event.target.value)}
            />
          </div>
        </div>
        {noticeFor('account')}
        <button type="button" className="btn btn-primary" onClick={onSaveChanges}>
          {t('settings.account.submit')}
        </button>
      </section>

      <MyReports />

      <LetterboxdImport />

      <DataExport />

      <section className={`card ${styles.section} ${styles.danger}`} aria-labelledby="delete-title">
        <h2 id="delete-title">{t('settings.delete.title')}</h2>
        <p className="muted">{t('settings.delete.intro')}</p>
        <button type="button" className="btn btn-ghost-danger" onClick={() => askPassword({ kind: 'delete' })}>
          {t('settings.delete.button')}
        </button>
      </section>

      {pending?.kind === 'update' ? (
        <CurrentPasswordDialog
          title={pending.section === 'bio' ? t('settings.confirm.bio') : t('settings.confirm.changes')}
          description={t('settings.confirm.text')}
          confirmLabel={t('settings.confirm.button')}
          busy={updateMutation.isPending}
          error={dialogError}
          onConfirm={onConfirm}
          onCancel={() => setPending(null)}
        />
      ) : null}
      {pending?.kind === 'delete' ? (
        <CurrentPasswordDialog
          title={t('settings.delete.dialogTitle')}
          description={t('settings.delete.dialogText')}
          confirmLabel={t('settings.delete.button')}
          danger
          busy={deleteMutation.isPending}
          error={dialogError}
          onConfirm={onConfirm}
          onCancel={() => setPending(null)}
        />
      ) : null}
      {deleteFailure ? (
        <MessageDialog
          title={t('settings.delete.failed')}
          message={deleteFailure.message}
          tone="danger"
          onClose={() => setDeleteFailure(null)}
        />
      ) : null}
    </div>
  );
}
