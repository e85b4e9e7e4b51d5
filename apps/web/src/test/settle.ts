import { vi } from 'vitest';

/** Runs a call to its end under fake timers (its retry waits pass at once) and says how it ended. */
export async function settle<T>(call: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const outcome = call.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return outcome;
}
