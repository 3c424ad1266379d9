import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchPageData } from './app/page-data';
import { createQueryClient } from './app/provider';
import { preloadPage } from './app/routes';
import { getLanguage, loadCatalogue } from './lib/i18n';
import './app/styles.css';

/**
 * How long the first render waits, once the texts are here, for the page's code and first
 * data: a first render without them is a loading notice, then a second render and layout
 * when they come, which costs a slow phone more than a short wait; a slow network or API
 * gets the header and the loading notice as before.
 */
const PAGE_GRACE_MS = 250;

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
// The texts of the language shown are a chunk of their own (lib/i18n/messages): render once
// they are here rather than flash untranslated keys. The page's code (app/routes.tsx) and
// first data load meanwhile (the boot script, app/boot, has asked for all three already).
const language = getLanguage();
const queryClient = createQueryClient();
const page = Promise.all([
  preloadPage(window.location.pathname),
  prefetchPageData(queryClient, window.location.pathname, window.location.search, language),
]);
void loadCatalogue(language)
  .then(() => Promise.race([page, new Promise((resolve) => setTimeout(resolve, PAGE_GRACE_MS))]))
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
