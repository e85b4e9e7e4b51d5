import { CLIENT_ERROR_LIMITS, type ClientErrorKind, type ClientErrorReport } from '@skinfair/contract';

export interface ErrorReporterOptions {
  send: (report: ClientErrorReport) => void;
  /** The web build (apps/web/vite.config.ts). */
  release: string;
  /** The page's path and query when the error happened. */
  page: () => string;
  now?: () => number;
  /** Reports a minute, over every error (the server takes 20 a minute from one address). */
  perMinute?: number;
  /** Reports in one page load: a page that keeps failing has said so by then. */
  perPage?: number;
  /** The same error is sent again at most this often, with how many times it happened in between. */
  repeatAfterMs?: number;
}

export interface ErrorReporter {
  /** Sends the error unless it repeats one sent recently or the budget is spent; true when sent. */
  report(kind: ClientErrorKind, error: unknown, detail?: string): boolean;
}

/** Distinct errors remembered per page load; past this the oldest is forgotten. */
const MAX_REMEMBERED = 100;

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);
/** Control characters the server refuses (they could fake lines in a log view); tabs and newlines stay. */
const printable = (text: string) =>
  [...text]
    .map((c) => {
      const code = c.charCodeAt(0);
      return code === 0x09 || code === 0x0a || (code >= 0x20 && code !== 0x7f) ? c : ' ';
    })
    .join('');

function describe(error: unknown): { message: string; stack: string | undefined } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack };
  if (typeof error === 'string') return { message: error, stack: undefined };
  try {
    return { message: JSON.stringify(error) ?? String(error), stack: undefined };
  } catch {
    return { message: String(error), stack: undefined };
  }
}

/**
 * Browser errors for the server's log (issue 27 §10), deduplicated and throttled here: one broken render
 * in a list throws once per row, and a timer that fails fails every tick, and neither may become a flood
 * of requests from every open page. An error is known by its kind, message and first stack frame.
 */
export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const now = options.now ?? Date.now;
  const perMinute = options.perMinute ?? 5;
  const perPage = options.perPage ?? 20;
  const repeatAfterMs = options.repeatAfterMs ?? 10 * 60_000;
  const seen = new Map<string, { sentAt: number; repeats: number }>();
  let recent: number[] = [];
  let sent = 0;

  return {
    report(kind, error, detail) {
      const { message, stack } = describe(error);
      const fullStack = [stack, detail].filter(Boolean).join('\n');
      const key = `${kind}|${message}|${fullStack.split('\n').find((line) => /\bat\b|@/.test(line)) ?? ''}`;
      const at = now();
      const known = seen.get(key);
      if (known && at - known.sentAt < repeatAfterMs) {
        known.repeats += 1;
        return false;
      }
      recent = recent.filter((t) => at - t < 60_000);
      if (recent.length >= perMinute || sent >= perPage) return false;
      recent.push(at);
      sent += 1;
      seen.delete(key);
      seen.set(key, { sentAt: at, repeats: 0 });
      if (seen.size > MAX_REMEMBERED) seen.delete(seen.keys().next().value!);
      options.send({
        kind,
        message: clip(printable(message.trim() || '(no message)'), CLIENT_ERROR_LIMITS.message),
        ...(fullStack ? { stack: clip(printable(fullStack), CLIENT_ERROR_LIMITS.stack) } : {}),
        page: clip(options.page(), CLIENT_ERROR_LIMITS.page),
        release: options.release,
        repeats: known?.repeats ?? 0,
      });
      return true;
    },
  };
}
