import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { logPreloadErrors } from './shared/chunk/lazy-chunk';
import { applyDocumentLocale, readStoredLocale } from './shared/i18n/locale';
import './index.css';

// Set <html lang/dir> before the first paint so RTL locales never flash left-to-right (spec §1).
applyDocumentLocale(readStoredLocale());
logPreloadErrors();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
