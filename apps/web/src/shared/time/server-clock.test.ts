import { afterEach, describe, expect, it } from 'vitest';
import { noteServerTime, resetServerClock, serverNow } from './server-clock';

afterEach(resetServerClock);

describe('server clock', () => {
  it('follows the server by the offset of the middle of the round trip', () => {
    const now = Date.now();
    // The server said now + 10 s when half of a 200 ms round trip had passed.
    noteServerTime(new Date(now + 10_000).toISOString(), now - 100, now + 100);
    expect(Math.abs(serverNow() - (Date.now() + 10_000))).toBeLessThan(1_000);
  });

  it('ignores a malformed time or an impossible round trip', () => {
    noteServerTime('not a time', 0, 10);
    noteServerTime(new Date().toISOString(), 10, 0);
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(1_000);
  });
});
