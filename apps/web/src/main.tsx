import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { logPreloadErrors } from './shared/chunk/lazy-chunk';
import { installErrorReporting } from './shared/errors/report-errors';
import { applyDocumentLocale, loadMessages, readStoredLocale } from './shared/i18n/locale';
import './index.css';

// Set <html lang/dir> before the first paint so RTL locales never flash left-to-right (spec §1).
const locale = readStoredLocale();
applyDocumentLocale(locale);
logPreloadErrors();
// Before the first render, so an error while the app starts reaches the server too (issue 27 §10).
installErrorReporting();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// A non-default catalogue is its own chunk: wait for it so the first paint is already in the reader's
// language (zh-CN resolves at once). If it fails, the page still renders, in zh-CN.
loadMessages(locale).then(render, (error: unknown) => {
  console.error('[i18n] catalogue failed to load', error);
  render();
});
