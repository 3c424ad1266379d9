import { FormattedMessage, useT } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { richTags } from './rich';

export function AboutPage() {
  const t = useT();
  usePageTitle(t('about.pageTitle'));
  return (
    <article className="prose">
      <h1>{t('about.title')}</h1>
      <p>{t('about.intro')}</p>

      <h2>{t('about.sources.title')}</h2>
      <ul>
        <li>
          <FormattedMessage id="about.sources.movies" values={richTags} />
        </li>
        <li>
          <FormattedMessage id="about.sources.showtimes" values={richTags} />
        </li>
        <li>
          <FormattedMessage id="about.sources.reviews" values={richTags} />
        </li>
      </ul>

      <h2>{t('about.do.title')}</h2>
      <p>{t('about.do.text')}</p>

      <h2>{t('about.privacy.title')}</h2>
      <p>
        <FormattedMessage id="about.privacy.text" values={richTags} />
      </p>

      <h2>{t('about.who.title')}</h2>
      <p>
        <FormattedMessage id="about.who.text" values={richTags} />
      </p>
    </article>
  );
}
