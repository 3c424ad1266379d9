import { useEffect, useState } from 'react';
import { useT } from '@/lib/i18n';
import pageStyles from './group-page.module.css';

type CopyState = 'idle' | 'copied' | 'manual';

/** "Copy Group Link": copies the page address; when the browser refuses, shows it to copy by hand. */
export function CopyGroupLink({ url }: { url: string }) {
  const t = useT();
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = window.setTimeout(() => setState('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [state]);

  async function copy() {
    let copied = false;
    try {
      if (navigator.clipboard?.writeText) {
        await navigator.clipboard.writeText(url);
        copied = true;
      }
    } catch {
      copied = false; // denied, or the page is not focused
    }
    setState(copied ? 'copied' : 'manual');
  }

  return (
    <>
      <button type="button" className="btn" title={t('groups.page.copyLink')} onClick={() => void copy()}>
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
          <path d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5" />
          <path d="M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5" />
        </svg>
        {state === 'copied' ? t('groups.page.linkCopied') : t('groups.page.copyLink')}
      </button>
      <span className="visually-hidden" role="status">
        {state === 'copied' ? t('groups.page.linkCopiedStatus') : ''}
      </span>
      {state === 'manual' ? (
        <label className={pageStyles.manualCopy}>
          <span>{t('groups.page.copyManual')}</span>
          <input type="text" readOnly value={url} onFocus={(event) => event.currentTarget.select()} autoFocus />
        </label>
      ) : null}
    </>
  );
}
