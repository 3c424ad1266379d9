import { FormattedMessage, useT } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { richTags } from './rich';

/** The sections in order; each has `terms.<section>.title` and `terms.<section>.text`. */
const SECTIONS = ['service', 'account', 'content', 'groups', 'thirdParty', 'privacy', 'changes'] as const;

export function TermsPage() {
  const t = useT();
  usePageTitle(t('terms.pageTitle'));
  return (
    <article className="prose">
      <h1>{t('terms.title')}</h1>
      <p className="muted">{t('terms.updated')}</p>
      {SECTIONS.map((section) => (
        <section key={section}>
          <h2>{t(`terms.${section}.title` as const)}</h2>
          <p>
            <FormattedMessage id={`terms.${section}.text` as const} values={richTags} />
          </p>
        </section>
      ))}
    </article>
  );
}
