import { Component, type ReactNode } from 'react';
import { useT } from '@/lib/i18n';

type Props = { children: ReactNode };
type State = { failed: boolean };

/**
 * A page whose code could not be loaded (offline, or a new version replaced the files this
 * tab knows) or that failed while rendering: a message and a reload instead of a blank
 * screen. The layout keys it by path, so another page starts afresh.
 */
export class PageErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <PageFailed /> : this.props.children;
  }
}

function PageFailed() {
  const t = useT();
  return (
    <div className="notice notice-error" role="alert">
      <p>{t('common.somethingWentWrong')}</p>
      <button type="button" className="btn" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </button>
    </div>
  );
}
