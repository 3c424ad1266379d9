import { useEffect } from 'react';
import { useT } from '@/lib/i18n';

/** Sets the document title for the current page ("{title} · Leffaseura"; the name alone without a title). */
export function usePageTitle(title: string) {
  const t = useT();
  const full = title ? t('app.pageTitle', { title }) : t('app.name');
  useEffect(() => {
    document.title = full;
  }, [full]);
}
