import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Pieces shared by the processes of bench/live-fanout.ts and bench/battle-rounds.ts. */

/**
 * Milliseconds on CLOCK_MONOTONIC, the clock process.hrtime reads: one clock for every process on the
 * machine, so a stamp taken in a client process can be subtracted from one taken in the bench process.
 * Date.now() is too coarse, and performance.now() counts from each process's own origin and drifts
 * against hrtime (0.75 ms in 5 s on this machine): mapping it onto hrtime once per process gave stamps
 * up to 120 ms off, earlier than the trigger. hrtime read in every process is consistent (checked by
 * stamping in a child between two stamps of its parent).
 */
export const monoMs = (): number => Number(process.hrtime.bigint()) / 1e6;

export type Target = 'ws' | 'stomp';

/** Bench process → client process. */
export type ClientCommand =
  | { type: 'connect'; target: Target; url: string; count: number; heartbeatMs: number }
  /** `match`: a regular expression a message's text must match to count (default: the next message). */
  | { type: 'arm'; target: Target; match?: string }
  | { type: 'collect'; target: Target };

/** Client process → bench process. */
export type ClientReport =
  | { type: 'ready' }
  | { type: 'connected'; target: Target; count: number }
  | { type: 'armed'; target: Target }
  | {
      type: 'done';
      target: Target;
      /** When each socket received the armed event (monoMs), 0 = not received. */
      times: Float64Array;
      /** Size of the first received WebSocket message, bytes. */
      bytes: number;
      /** The first received message, as text (to show what was measured). */
      sample: string;
      /** Messages that failed the shape check (STOMP: a MESSAGE with subscription sub-0 and a message-id). */
      malformed: number;
      /** Distinct message-id headers among the STOMP messages (each subscriber must get its own). */
      distinctMessageIds: number;
      /** Sockets closed since they connected, and their close codes. */
      closed: number;
      closeCodes: Record<number, number>;
    }
  | { type: 'error'; message: string };

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

/** The bare `ws` broadcast server (bench/live-ws-server.ts) in its own process: the baseline of the live benchmarks. */
export async function startBareWs(): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'live-ws-server.ts'), [], { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`bare ws server exited (${code})`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}
