import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchPageData } from './app/page-data';
import { createQueryClient } from './app/provider';
import { preloadPage } from './app/routes';
import { getLanguage, loadCatalogue } from './lib/i18n';
import './app/styles.css';

/**
 * How long the first render waits for the page's data once its texts and code are here: a
 * first render without it is a second render and layout when it comes, which costs a slow
 * phone more than a short wait; a slow API is not waited for.
 */
const DATA_GRACE_MS = 250;

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
// The texts of the language shown are a chunk of their own (lib/i18n/messages), and so is
// the page's code (app/routes.tsx): render once both are here rather than flash untranslated
// keys or the loading notice. The page's first data loads meanwhile (the boot script,
// app/boot, has asked for all three already).
const language = getLanguage();
const queryClient = createQueryClient();
const data = prefetchPageData(queryClient, window.location.pathname, window.location.search, language);
void Promise.all([loadCatalogue(language), preloadPage(window.location.pathname)])
  .then(() => Promise.race([data, new Promise((resolve) => setTimeout(resolve, DATA_GRACE_MS))]))
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
