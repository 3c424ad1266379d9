import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MessageDialog } from '@/components/dialog/message-dialog';
import { LoginPrompt } from '@/components/login-prompt/login-prompt';
import { ApiError, errorMessage } from '@/lib/api-client';
import { clearSession, useSession } from '@/lib/auth-storage';
import { usePageTitle } from '@/lib/use-page-title';
import { useDeleteAccount } from '../api/delete-account';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile, type ProfileChanges } from '../api/update-profile';
import { CurrentPasswordDialog } from './current-password-dialog';
import styles from './settings.module.css';

export const NEW_PASSWORD_MIN = 8;
/** The server keeps at most 500 characters of bio (openapi.yaml, UpdateProfileRequest). */
export const BIO_MAX = 500;

type Section = 'bio' | 'account';
type Notice = { section: Section; tone: 'success' | 'error' | 'info'; text: string };
type Pending = { kind: 'update'; section: Section; changes: ProfileChanges } | { kind: 'delete' };

/** A wrong current password keeps the dialog open so the user can try again. */
function isWrongPassword(error: unknown) {
  return error instanceof ApiError && (error.code === 'wrong_password' || error.code === 'current_password_required');
}

export function SettingsPage() {
  usePageTitle('Settings');
  const session = useSession();
  if (!session) return <LoginPrompt title="Settings" message="Please log in to change your settings." />;
  return <SettingsForm />;
}

function SettingsForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const profile = useProfile(true);
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
      setNotice({ section: 'bio', tone: 'info', text: 'Bio is unchanged.' });
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
      if (newPassword.length < NEW_PASSWORD_MIN) {
        setNotice({
          section: 'account',
          tone: 'error',
          text: `The new password must be at least ${NEW_PASSWORD_MIN} characters.`,
        });
        return;
      }
      changes.newPassword = newPassword;
    }
    if (Object.keys(changes).length === 0) {
      setNotice({ section: 'account', tone: 'info', text: 'No changes to update.' });
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
        },
        onError: (error) => {
          if (isWrongPassword(error)) {
            setDialogError(errorMessage(error));
            return;
          }
          setPending(null);
          setDeleteFailure({
            message:
              error instanceof ApiError && error.message !== 'Failed to delete account'
                ? error.message
                : 'Please try again later.',
          });
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
            setNotice({ section, tone: 'success', text: 'Bio updated.' });
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
          setNotice({ section, tone: 'success', text: 'Your changes were saved.' });
        },
        onError: (error) => {
          if (isWrongPassword(error)) {
            setDialogError(errorMessage(error));
            return;
          }
          setPending(null);
          if (error instanceof ApiError && error.status === 401) {
            clearSession();
            navigate('/login');
            return;
          }
          setNotice({ section, tone: error instanceof ApiError && error.code === 'no_changes' ? 'info' : 'error', text: errorMessage(error, 'Update failed.') });
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
        <h1>Settings</h1>
        {user ? (
          <p className="muted">
            Signed in as <strong>{user.username}</strong>
            {user.email ? <> ({user.email})</> : null}
          </p>
        ) : null}
      </header>

      <section className={`card ${styles.section}`} aria-labelledby="bio-title">
        <h2 id="bio-title">Profile bio</h2>
        <p className="muted">A few words about you and your taste in movies, shown on your profile.</p>
        <div className="field">
          <label htmlFor="settings-bio">Bio</label>
          <textarea
            id="settings-bio"
            value={bio}
            maxLength={BIO_MAX}
            onChange={(event) => setBioDraft(event.target.value)}
            placeholder="Tell other movie fans about yourself"
          />
        </div>
        {noticeFor('bio')}
        <button type="button" className="btn btn-primary" onClick={onSetBio}>
          Set Bio
        </button>
      </section>

      <section className={`card ${styles.section}`} aria-labelledby="account-title">
        <h2 id="account-title">Account details</h2>
        <p className="muted">Fill in only what you want to change.</p>
        <div className={styles.grid}>
          <div className="field">
            <label htmlFor="settings-email">New email</label>
            <input
              id="settings-email"
              type="email"
              autoComplete="email"
              value={email}
              placeholder="name@example.com"
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="settings-username">New username</label>
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
            <label htmlFor="settings-new-password">New password</label>
            <input
              id="settings-new-password"
              type="password"
              autoComplete="new-password"
              value={newPassword}
              placeholder={`At least ${NEW_PASSWORD_MIN} characters`}
              onChange={(event) => setNewPassword(event.target.value)}
            />
          </div>
        </div>
        {noticeFor('account')}
        <button type="button" className="btn btn-primary" onClick={onSaveChanges}>
          Save Changes
        </button>
      </section>

      <section className={`card ${styles.section} ${styles.danger}`} aria-labelledby="delete-title">
        <h2 id="delete-title">Delete account</h2>
        <p className="muted">
          Deleting your account removes your reviews, reactions, favorites, watchlist and group memberships. This
          cannot be undone.
        </p>
        <button type="button" className="btn btn-ghost-danger" onClick={() => askPassword({ kind: 'delete' })}>
          Delete Account
        </button>
      </section>

      {pending?.kind === 'update' ? (
        <CurrentPasswordDialog
          title={pending.section === 'bio' ? 'Confirm bio change' : 'Confirm changes'}
          description="Enter your current password to save this change."
          confirmLabel="Confirm"
          busy={updateMutation.isPending}
          error={dialogError}
          onConfirm={onConfirm}
          onCancel={() => setPending(null)}
        />
      ) : null}
      {pending?.kind === 'delete' ? (
        <CurrentPasswordDialog
          title="Delete Account"
          description="Are you sure you want to delete your account? This cannot be undone. Enter your current password to confirm."
          confirmLabel="Delete Account"
          danger
          busy={deleteMutation.isPending}
          error={dialogError}
          onConfirm={onConfirm}
          onCancel={() => setPending(null)}
        />
      ) : null}
      {deleteFailure ? (
        <MessageDialog
          title="Failed to delete account"
          message={deleteFailure.message}
          tone="danger"
          onClose={() => setDeleteFailure(null)}
        />
      ) : null}
    </div>
  );
}
