import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_ERROR_LIMITS, clientErrorParams, type ClientErrorReport } from '@skinfair/contract';
import { createErrorReporter } from './error-reporter';
import { installErrorReporting, reportClientError } from './report-errors';

function reporterAt(clock: { ms: number }, options: { perMinute?: number; perPage?: number } = {}) {
  const sent: ClientErrorReport[] = [];
  const reporter = createErrorReporter({
    send: (r) => void sent.push(r),
    release: '0.1.0+abc12345',
    page: () => '/battle/AB12cd34?round=2',
    now: () => clock.ms,
    ...options,
  });
  return { reporter, sent };
}

const boom = (message: string, frame = 'at render (/assets/app-1.js:1:10)') => {
  const error = new TypeError(message);
  error.stack = `TypeError: ${message}\n    ${frame}`;
  return error;
};

describe('browser error reporter (issue 27 §10)', () => {
  it('sends an error once, then folds its repeats into the next report after ten minutes', () => {
    const clock = { ms: 1_000_000 };
    const { reporter, sent } = reporterAt(clock);
    expect(reporter.report('error', boom('x is undefined'))).toBe(true);
    for (let i = 0; i < 50; i++) expect(reporter.report('error', boom('x is undefined'))).toBe(false);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: 'error', message: 'TypeError: x is undefined', page: '/battle/AB12cd34?round=2', repeats: 0 });
    clock.ms += 10 * 60_000;
    expect(reporter.report('error', boom('x is undefined'))).toBe(true);
    expect(sent[1]).toMatchObject({ repeats: 50 });
  });

  it('tells errors apart by kind, message and first stack frame', () => {
    const { reporter, sent } = reporterAt({ ms: 0 });
    reporter.report('error', boom('a'));
    reporter.report('unhandledrejection', boom('a'));
    reporter.report('error', boom('a', 'at other (/assets/app-1.js:9:9)'));
    reporter.report('error', boom('b'));
    expect(sent.map((r) => r.kind)).toEqual(['error', 'unhandledrejection', 'error', 'error']);
  });

  it('sends at most five a minute and twenty a page load, whatever the errors', () => {
    const clock = { ms: 0 };
    const { reporter, sent } = reporterAt(clock);
    for (let i = 0; i < 10; i++) reporter.report('error', boom(`error ${i}`));
    expect(sent).toHaveLength(5);
    for (let minute = 1; minute <= 10; minute++) {
      clock.ms = minute * 60_000;
      for (let i = 0; i < 10; i++) reporter.report('error', boom(`error ${minute}-${i}`));
    }
    expect(sent).toHaveLength(20);
  });

  it('keeps every report within what the server accepts', () => {
    const { reporter, sent } = reporterAt({ ms: 0 });
    reporter.report('boundary', new Error(`bad\u0000\u001b[31m ${'m'.repeat(2_000)}`), 'x'.repeat(10_000));
    reporter.report('unhandledrejection', { code: 42 });
    reporter.report('unhandledrejection', '');
    expect(sent).toHaveLength(3);
    for (const report of sent) expect(clientErrorParams.safeParse(report).success, JSON.stringify(report).slice(0, 60)).toBe(true);
    expect(sent[0]!.message).toHaveLength(CLIENT_ERROR_LIMITS.message);
    expect(sent[1]!.message).toBe('{"code":42}');
    expect(sent[2]!.message).toBe('(no message)');
  });
});

describe('installed in the page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts uncaught errors, rejections and boundary errors as a form, and stops when removed', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response('{"status":0,"msg":"","data":true}'));
    vi.stubGlobal('fetch', fetch);
    const stop = installErrorReporting(window);
    try {
      window.dispatchEvent(new ErrorEvent('error', { error: boom('from a handler'), message: 'from a handler' }));
      const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
      Object.defineProperty(rejection, 'reason', { value: boom('from a promise') });
      window.dispatchEvent(rejection);
      reportClientError('boundary', boom('from a render'), '\n    at BattleRoom');
    } finally {
      stop();
    }
    reportClientError('boundary', boom('after stop'));
    expect(fetch).toHaveBeenCalledTimes(3);
    const bodies = fetch.mock.calls.map(([url, init]) => {
      expect(url).toBe('/api/client/reportError');
      expect(init).toMatchObject({ method: 'POST', keepalive: true });
      return Object.fromEntries(new URLSearchParams(String(init!.body)));
    });
    expect(bodies.map((b) => [b.kind, b.message])).toEqual([
      ['error', 'TypeError: from a handler'],
      ['unhandledrejection', 'TypeError: from a promise'],
      ['boundary', 'TypeError: from a render'],
    ]);
    expect(bodies[0]).toMatchObject({ release: 'dev', page: '/', repeats: '0' });
  });
});
