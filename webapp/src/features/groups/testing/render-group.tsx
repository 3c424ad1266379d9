import { Toaster } from '@/components/toast/toaster';
import type { Language } from '@/lib/i18n';
import { renderWithIntl, renderWithProviders } from '@/testing/render';
import { GroupPage } from '../components/group-page';

/** The toasts, beside the page as in the app (they outlive a navigation). */
export function renderToaster() {
  return renderWithIntl(<Toaster />);
}

/** The group page at `path` (route /groups/:id), with the toasts it raises. */
export function renderGroupPage(path = '/groups/12', language?: Language) {
  renderToaster();
  return renderWithProviders(<GroupPage />, { path, route: '/groups/:id', language });
}
