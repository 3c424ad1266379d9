import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@/lib/router';
import { useCreateGroup } from '@/api/groups/create-group';
import { LoginPrompt } from '@/components/login-prompt/login-prompt';
import { showToast } from '@/components/toast/toast-store';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth-storage';
import { useT } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { EMPTY_DRAFT, newGroupBody, type GroupDraft } from '../lib/group-draft';
import { GroupFormFields } from './group-form-fields';
import { useFailureText } from './use-failure-text';
import formStyles from './group-form.module.css';

/** /groups/create: name, description, theme, genres, visibility; then the new group's page. */
export function CreateGroupPage() {
  const t = useT();
  const session = useSession();
  usePageTitle(t('groups.create.title'));
  if (session === null) return <LoginPrompt title={t('groups.create.title')} message={t('groups.create.loginRequired')} />;
  return <CreateGroupForm />;
}

function CreateGroupForm() {
  const t = useT();
  const failureText = useFailureText();
  const navigate = useNavigate();
  const create = useCreateGroup();
  // Blue, the theme the API gives a group that names none, chosen in the open.
  const [draft, setDraft] = useState<GroupDraft>({ ...EMPTY_DRAFT, themeId: 1 });
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = newGroupBody(draft);
    if (!body) {
      setNameError(t('groups.form.nameRequired'));
      event.currentTarget.querySelector<HTMLInputElement>('input[type="text"]')?.focus();
      return;
    }
    setNameError(null);
    setFailure(null);
    create.mutate(body, {
      onSuccess: (group) => {
        showToast(t('groups.create.created'), 'success');
        navigate(`/groups/${group.id}`);
      },
      onError: (error) => {
        // PRODUCT-SPEC §8: a 401 says to log in; anything else in the server's words, else the general failure.
        setFailure(
          error instanceof ApiError && error.status === 401 ? t('groups.create.loginRequired') : failureText(error, t('groups.create.failed')),
        );
      },
    });
  }

  return (
    <section className={formStyles.createPage} aria-labelledby="create-group-title">
      <h1 id="create-group-title">{t('groups.create.title')}</h1>
      <p className={formStyles.lead}>{t('groups.create.lead')}</p>
      <form className={`card ${formStyles.form}`} onSubmit={onSubmit} noValidate>
        <GroupFormFields
          draft={draft}
          onChange={(next) => {
            setDraft(next);
            if (nameError && next.name.trim()) setNameError(null);
          }}
          nameError={nameError}
        />
        {failure ? (
          <p className="notice notice-error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className={formStyles.formActions}>
          <Link to="/groups" className="btn">
            {t('groups.common.cancel')}
          </Link>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? t('groups.create.submitting') : t('groups.create.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
