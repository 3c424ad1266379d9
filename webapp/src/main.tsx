import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/routes';
import { getLanguage, loadCatalogue } from './lib/i18n';
import './app/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
// The texts of the language shown are a chunk of their own (lib/i18n/messages): render
// once they are here rather than flash untranslated keys. The page's own code (a chunk too)
// loads meanwhile.
preloadPage(window.location.pathname);
void loadCatalogue(getLanguage()).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
