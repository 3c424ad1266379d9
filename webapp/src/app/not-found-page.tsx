import { Link } from '@/lib/router';
import { useT } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';

export function NotFoundPage() {
  const t = useT();
  usePageTitle(t('notFound.title'));
  return (
    <section className="card center-card">
      <h1>{t('notFound.title')}</h1>
      <p className="muted">{t('notFound.text')}</p>
      <Link to="/" className="btn btn-primary">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
