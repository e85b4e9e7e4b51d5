import { KeepAliveConnection, percentile, type Answer } from './keep-alive-client.js';

export interface DriveResult {
  perSecond: number;
  ok: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
  firstFailure?: string;
}

type Check = (answer: Answer) => boolean;

function summarise(latencies: number[], ok: number, failed: number, elapsedS: number, firstFailure?: string): DriveResult {
  latencies.sort((a, b) => a - b);
  return {
    perSecond: ok / elapsedS,
    ok,
    failed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies[latencies.length - 1] ?? 0,
    ...(firstFailure ? { firstFailure } : {}),
  };
}

/** Closed loop: each player has one connection and sends its next request as soon as the last is answered. */
export async function closedLoop(
  port: number,
  players: number,
  next: (player: number) => Buffer,
  seconds: number,
  check: Check,
): Promise<DriveResult> {
  const connections = Array.from({ length: players }, () => new KeepAliveConnection(port));
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  let firstFailure: string | undefined;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    connections.map(async (conn, i) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const answer = await conn.send(next(i));
        latencies.push(performance.now() - t0);
        if (check(answer)) ok++;
        else {
          failed++;
          firstFailure ??= answer.body.slice(0, 300);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  for (const c of connections) c.close();
  return summarise(latencies, ok, failed, elapsed, firstFailure);
}

/**
 * Open loop at a fixed arrival rate: request k is due at start + k/rate whatever happened before, and its
 * latency counts from when it was due, so a stall shows in the percentiles instead of slowing the sender
 * (no coordinated omission). A due request takes the next idle player connection, or waits for one.
 */
export async function openLoop(
  port: number,
  players: number,
  next: (player: number) => Buffer,
  ratePerSecond: number,
  seconds: number,
  check: Check,
): Promise<DriveResult> {
  const idle = Array.from({ length: players }, (_, i) => ({ conn: new KeepAliveConnection(port), i }));
  const queue: number[] = [];
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  let firstFailure: string | undefined;
  let inFlight = 0;
  const started = performance.now();
  const total = Math.max(1, Math.floor(ratePerSecond * seconds));
  let issued = 0;
  let finished!: () => void;
  const done = new Promise<void>((r) => (finished = r));
  const pump = () => {
    while (queue.length > 0 && idle.length > 0) {
      const due = queue.shift()!;
      const player = idle.shift()!;
      inFlight++;
      player.conn.send(next(player.i)).then(
        (answer) => {
          latencies.push(performance.now() - due);
          if (check(answer)) ok++;
          else {
            failed++;
            firstFailure ??= answer.body.slice(0, 300);
          }
          inFlight--;
          idle.push(player);
          pump();
          if (issued === total && inFlight === 0 && queue.length === 0) finished();
        },
        (err: Error) => {
          failed++;
          firstFailure ??= err.message;
          inFlight--;
          if (issued === total && inFlight === 0 && queue.length === 0) finished();
        },
      );
    }
  };
  const tick = setInterval(() => {
    const now = performance.now();
    while (issued < total && started + (issued * 1000) / ratePerSecond <= now) queue.push(started + (issued++ * 1000) / ratePerSecond);
    pump();
    if (issued === total) clearInterval(tick);
  }, 1);
  await done;
  const elapsed = (performance.now() - started) / 1000;
  for (const p of idle) p.conn.close();
  return summarise(latencies, ok, failed, elapsed, firstFailure);
}
