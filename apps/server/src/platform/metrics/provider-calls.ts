import { Counter, Histogram, Registry } from 'prom-client';

/**
 * Calls to outside providers (issue 26 §12): payments, SMS, real-name, Steam, drand. Their wrappers are
 * built where the providers are chosen (providers/from-config.ts, payments/providers/index.ts …), which is
 * before, and apart from, any app's metrics, so these few series live in one registry of the process that
 * every app's /metrics adds to its own. One server process runs one app; tests that build many in one
 * process read differences, not totals.
 */
export const providerRegistry = new Registry();

/** Seconds: a signed HTTPS call is ~0.1 s; the providers' own timeouts are 8–10 s. */
const PROVIDER_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const calls = new Histogram({
  name: 'skinfair_provider_call_duration_seconds',
  help: 'Calls to outside providers by provider, operation and outcome (ok, error: it threw or was refused)',
  labelNames: ['provider', 'operation', 'outcome'] as const,
  buckets: PROVIDER_BUCKETS,
  registers: [providerRegistry],
});
const errors = new Counter({
  name: 'skinfair_provider_errors_total',
  help: 'Calls to outside providers that failed (threw or rejected), by provider and operation',
  labelNames: ['provider', 'operation'] as const,
  registers: [providerRegistry],
});
const callbacks = new Counter({
  name: 'skinfair_payment_callbacks_total',
  help: 'Payment notifications answered, by provider and verdict (refused: anything but success and already-processed)',
  labelNames: ['provider', 'verdict'] as const,
  registers: [providerRegistry],
});

export function recordProviderCall(provider: string, operation: string, seconds: number, ok: boolean): void {
  calls.observe({ provider, operation, outcome: ok ? 'ok' : 'error' }, seconds);
  if (!ok) errors.inc({ provider, operation });
}

/** A failure seen inside a call that still resolved (one drand relay of several failing). */
export function countProviderError(provider: string, operation: string): void {
  errors.inc({ provider, operation });
}

export function recordPaymentCallback(provider: string, verdict: string): void {
  callbacks.inc({ provider, verdict });
}

/**
 * The same provider, each asynchronous method timed: resolved is ok, rejected is an error (and rethrown
 * unchanged). Synchronous methods and plain fields pass through. `outcomeOf` may call a resolved value a
 * failure too (the drand beacon answers null when the network failed). One wrapper for every provider, so
 * the features that call them stay as they are.
 */
export function instrumentProvider<T extends object>(
  provider: string,
  target: T,
  options: { outcomeOf?: (operation: string, value: unknown) => boolean; only?: readonly string[] } = {},
): T {
  return new Proxy(target, {
    get(obj, key, receiver) {
      const value: unknown = Reflect.get(obj, key, receiver);
      if (typeof value !== 'function' || typeof key !== 'string' || (options.only && !options.only.includes(key))) return value;
      const fn = value as (...args: unknown[]) => unknown;
      return function instrumented(this: unknown, ...args: unknown[]) {
        const started = performance.now();
        const result = fn.apply(this === receiver ? obj : this, args);
        if (!isThenable(result)) return result;
        return result.then(
          (resolved) => {
            recordProviderCall(provider, key, (performance.now() - started) / 1000, options.outcomeOf?.(key, resolved) ?? true);
            return resolved;
          },
          (err: unknown) => {
            recordProviderCall(provider, key, (performance.now() - started) / 1000, false);
            throw err;
          },
        );
      };
    },
  });
}

function isThenable(v: unknown): v is Promise<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as { then?: unknown }).then === 'function';
}
