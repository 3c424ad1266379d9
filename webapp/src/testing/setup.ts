import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearToasts } from '@/components/toast/toast-store';
import { resetLanguage } from '@/lib/i18n/language';
import { loadCatalogue } from '@/lib/i18n/messages';

// The app loads the shown language's texts before its first render (main.tsx); tests
// render in either language at once.
await Promise.all([loadCatalogue('en'), loadCatalogue('fi')]);

// findBy*/waitFor give up after 1 s by default, too soon when the machine is busy.
configure({ asyncUtilTimeout: 5000 });

// jsdom has <dialog> but not its modal methods.
if (typeof HTMLDialogElement !== 'undefined') {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  clearToasts();
  sessionStorage.clear();
  resetLanguage(); // every test starts as a first visit
});
