import type { ClientErrorKind, ClientErrorReport } from '@skinfair/contract';
import { getDeviceId } from '../storage/device-id';
import { createErrorReporter, type ErrorReporter } from './error-reporter';

/** The build's version and commit, set by apps/web/vite.config.ts; "dev" under the dev server and in tests. */
const built: unknown = import.meta.env.SKINFAIR_RELEASE;
export const WEB_RELEASE = typeof built === 'string' && /^[\w.+-]{1,64}$/.test(built) ? built : 'dev';

let active: ErrorReporter | null = null;

/** Plain fetch, not the API client: a report must never toast, retry or report its own failure. */
function send(report: ClientErrorReport): void {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(report)) if (value !== undefined) body.append(key, String(value));
  void fetch('/api/client/reportError', {
    method: 'POST',
    // keepalive: a report made while the page unloads still goes out.
    keepalive: true,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8', 'device-id': getDeviceId() },
    body,
  }).catch(() => {});
}

/**
 * Reports uncaught errors and unhandled rejections from now on (main.tsx, once); the error boundaries
 * report theirs through reportClientError. Returns the way to stop (tests).
 */
export function installErrorReporting(target: Window = window): () => void {
  const reporter = createErrorReporter({
    send,
    release: WEB_RELEASE,
    page: () => `${target.location.pathname}${target.location.search}`,
  });
  active = reporter;
  const onError = (event: ErrorEvent) => {
    // A cross-origin script's error arrives as "Script error." with nothing else: still worth a count.
    reporter.report(
      'error',
      event.error ?? event.message,
      event.filename ? `at ${event.filename}:${event.lineno}:${event.colno}` : undefined,
    );
  };
  const onRejection = (event: PromiseRejectionEvent) => void reporter.report('unhandledrejection', event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
    if (active === reporter) active = null;
  };
}

/** An error a boundary caught (a page or the whole layout failed to render); nothing until installed. */
export function reportClientError(kind: ClientErrorKind, error: unknown, detail?: string): void {
  active?.report(kind, error, detail);
}
