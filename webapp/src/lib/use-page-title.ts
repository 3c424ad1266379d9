import { useLayoutEffect } from 'react';
import { useT } from '@/lib/i18n';

/** Sets the document title for the current page ("{title} · Leffaseura"; the name alone without a title). */
export function usePageTitle(title: string) {
  const t = useT();
  const full = title ? t('app.pageTitle', { title }) : t('app.name');
  // With the page's own commit: Preact runs passive effects after the next paint, and the
  // title then lagged behind the heading (the Finnish journey read the old one).
  useLayoutEffect(() => {
    document.title = full;
  }, [full]);
}
