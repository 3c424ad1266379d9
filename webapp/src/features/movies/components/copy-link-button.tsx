import { useEffect, useState } from 'react';
import { useT } from '@/lib/i18n';
import styles from './copy-link-button.module.css';

type CopyState = 'idle' | 'copied' | 'manual';

/** Copies `url`; when neither the Clipboard API nor execCommand works, shows it to copy by hand. */
export function CopyLinkButton({ url, className }: { url: string; className?: string }) {
  const t = useT();
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = window.setTimeout(() => setState('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [state]);

  async function copy() {
    const copied = (await copyWithClipboardApi(url)) || copyWithExecCommand(url);
    setState(copied ? 'copied' : 'manual');
  }

  return (
    <>
      <button type="button" className={className ?? 'btn'} onClick={() => void copy()}>
        <LinkIcon /> {state === 'copied' ? t('copyLink.copied') : t('copyLink.copy')}
      </button>
      <span className="visually-hidden" role="status">
        {state === 'copied' ? t('copyLink.copiedStatus') : null}
      </span>
      {state === 'manual' ? (
        <label className={styles.manual}>
          <span>{t('copyLink.manual')}</span> <input type="text" readOnly value={url} onFocus={(event) => event.currentTarget.select()} autoFocus />
        </label>
      ) : null}
    </>
  );
}

async function copyWithClipboardApi(text: string): Promise<boolean> {
  if (!navigator.clipboard?.writeText) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false; // denied, or the page is not focused
  }
}

function copyWithExecCommand(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

function LinkIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5" />
      <path d="M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5" />
    </svg>
  );
}
