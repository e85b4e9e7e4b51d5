import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import type { Config } from './config.js';
import { serveAggregation } from './platform/metrics/cluster-aggregation.js';

/**
 * The cluster primary (WORKERS > 1, decisions/0022): forks the workers, which share the listening port and
 * each run main.ts as a node of their own (database pool, job runner, live hub), restarts a worker that
 * ends unasked, and on SIGTERM or SIGINT stops them gracefully and exits 0 once every one has.
 *
 * It serves nothing and opens no connection itself (it only merges the workers' metrics for a scrape): migrations and seeding run in the workers under the
 * database's advisory lock, exactly as when several nodes boot together.
 */

/** A worker that lived this long is replaced at once; one dying sooner waits 1 s, doubling up to 30 s. */
const MIN_UPTIME_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** Workers give up on their graceful stop after 15 s (main.ts); the primary waits a little longer. */
const STOP_GRACE_MS = 20_000;

export function restartDelayMs(previousDelayMs: number, uptimeMs: number): number {
  if (uptimeMs >= MIN_UPTIME_MS) return 0;
  return previousDelayMs === 0 ? 1_000 : Math.min(previousDelayMs * 2, MAX_RESTART_DELAY_MS);
}

const levels = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;
type Level = 'info' | 'warn' | 'error';

interface Slot {
  worker: Worker | undefined;
  startedAt: number;
  delayMs: number;
  timer: NodeJS.Timeout | undefined;
}

export function runPrimary(config: Pick<Config, 'workers' | 'logLevel' | 'redis' | 'dbPoolSize'>): void {
  // The workers log with pino; the primary writes lines of the same shape so both read as one log.
  const log = (level: Level, msg: string, fields: Record<string, unknown> = {}) => {
    if (levels[level] < levels[config.logLevel]) return;
    process.stdout.write(
      `${JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, hostname: os.hostname(), role: 'primary', ...fields, msg })}\n`,
    );
  };

  const slots: Slot[] = Array.from({ length: config.workers }, () => ({ worker: undefined, startedAt: 0, delayMs: 0, timer: undefined }));
  /** Some worker has listened: from then on a dying worker is restarted rather than failing the boot. */
  let serving = false;
  const listened = new Set<Slot>();
  let announced = false;
  let stopping = false;
  let exitCode = 0;
  let forceTimer: NodeJS.Timeout | undefined;

  const alive = () => slots.filter((s) => s.worker && !s.worker.isDead()).map((s) => s.worker!);
  const finishIfDone = () => {
    if (!stopping || alive().length > 0) return;
    clearTimeout(forceTimer);
    log(exitCode === 0 ? 'info' : 'error', `every worker has stopped; exiting with ${exitCode}`);
    process.exit(exitCode);
  };
  const stop = (signal: NodeJS.Signals, code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const slot of slots) clearTimeout(slot.timer);
    for (const worker of alive()) worker.process.kill(signal);
    forceTimer = setTimeout(() => {
      log('error', `workers still running ${STOP_GRACE_MS} ms after ${signal}; killing them`, { pids: alive().map((w) => w.process.pid) });
      for (const worker of alive()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_GRACE_MS);
    finishIfDone();
  };

  const start = (slot: Slot) => {
    slot.timer = undefined;
    slot.startedAt = Date.now();
    const worker = cluster.fork();
    slot.worker = worker;
    worker.once('listening', () => {
      serving = true;
      listened.add(slot);
      if (listened.size === slots.length && !announced) {
        announced = true;
        log('info', `${config.workers} workers serving`, { pids: alive().map((w) => w.process.pid) });
      }
    });
    worker.once('exit', (code, signal) => {
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      if (stopping) {
        if (code !== 0) exitCode = 1;
        log(code === 0 ? 'info' : 'warn', `worker pid ${worker.process.pid} stopped (${how})`);
        return finishIfDone();
      }
      if (!serving) {
        // No worker ever came up (a setting, the database, the port): the same failure a single process
        // reports with exit code 1; restarting is the outer supervisor's call, with its own back-off.
        log('error', `worker pid ${worker.process.pid} failed to start (${how}); stopping`);
        return stop('SIGTERM', 1);
      }
      slot.delayMs = restartDelayMs(slot.delayMs, Date.now() - slot.startedAt);
      log('warn', `worker pid ${worker.process.pid} ended unexpectedly (${how}); restarting in ${slot.delayMs / 1000}s`);
      slot.timer = setTimeout(() => start(slot), slot.delayMs);
    });
  };

  process.on('SIGTERM', () => stop('SIGTERM', 0));
  process.on('SIGINT', () => stop('SIGINT', 0));
  // A scrape of /metrics reaches one worker, which asks here for every worker's figures (issue 26 §12).
  serveAggregation(alive);

  log('info', `starting ${config.workers} workers`, { poolConnections: config.workers * config.dbPoolSize });
  if (!config.redis) {
    log(
      'warn',
      `WORKERS=${config.workers} without REDIS_URL: each worker shows its own drops on the live feed and its own ` +
        `online count, and counts rate limits alone (${config.workers}× the configured limits). Set REDIS_URL.`,
    );
  }
  for (const slot of slots) start(slot);
}
