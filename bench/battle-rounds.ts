/**
 * Battle round events to watchers (issue 12): how far apart N watching sockets receive each round reveal
 * (event 32) of a real battle, and how late against the reveal time the server scheduled.
 *
 *   npx tsx bench/battle-rounds.ts                                               # PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/battle-rounds.ts
 *
 * Processes: the real server (main.ts through startServerProcess, jobs on, the local beacon),
 * BENCH_CLIENT_PROCESSES client processes (bench/live-clients.ts) holding the STOMP sockets, and this one.
 * A funded player (made on the database before the server starts) creates a public battle over HTTP and
 * the creator fills the other seats with bots (joinBot); the last seat locks the room, the durable job
 * draws once the local beacon releases round R (6–9 s after the lock: it withholds a round until its
 * quicknet time, as drand would) and the server then publishes one event 32 per round every 4 s.
 * For each reveal every socket's receive stamp (CLOCK_MONOTONIC, see live-support.ts) is compared with
 * the first socket's receipt of that event (the spread the watchers see between each other) and with the
 * reveal time the payload announces, revealStartAt + (round − 1) × roundMs (the server's wall clock,
 * mapped onto the monotonic clock here; same machine, so the same wall clock). Round 1's schedule is the
 * settlement time, so its lateness includes the commit; rounds 2+ show the reveal job's wake-up (a durable
 * battle.reveal job per round, due at its time) and fan-out lateness only.
 * Baseline in the same run: after each reveal, the bare `ws` server (bench/live-ws-server.ts) broadcasts a
 * message of that frame's size to as many plain sockets held by the same client processes; its spread is
 * what this machine's clients and kernel add to any 1,000-socket broadcast.
 *
 * Options: BENCH_SOCKETS (1000), BENCH_BATTLES (3), BENCH_BOXES (5 rounds per battle), BENCH_SEATS (4),
 * BENCH_CLIENT_PROCESSES (2), BENCH_HEARTBEAT_MS (the web app's 10000; 0 = none), BENCH_COMPILED=1 (run
 * apps/server/dist/main.js, built beforehand).
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { limits, live } from '@skinfair/contract';
import { ensureBaseRows } from '../apps/server/src/seed/index.js';
import { givenSession, givenUser } from '../apps/server/src/testing/factories.js';
import { serverBundle, startServerProcess } from '../apps/server/src/testing/server-process.js';
import { monoMs, percentile, startBareWs, type ClientCommand, type ClientReport, type Target } from './live-support.js';
import { openBenchDatabase } from './support.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const sockets = Number(process.env.BENCH_SOCKETS ?? 1_000);
const battles = Number(process.env.BENCH_BATTLES ?? 3);
const boxes = Number(process.env.BENCH_BOXES ?? 5);
const seats = Number(process.env.BENCH_SEATS ?? 4);
const clientProcesses = Number(process.env.BENCH_CLIENT_PROCESSES ?? 2);
const heartbeatMs = Number(process.env.BENCH_HEARTBEAT_MS ?? limits.heartbeatMs);
const adminUrl = process.env.BENCH_DATABASE_URL;
/** Lock → beacon round (≤ 9 s) → job poll → settle; generous, a shared machine stalls. */
const FIRST_ROUND_TIMEOUT_MS = 40_000;
const NEXT_ROUND_TIMEOUT_MS = 20_000;

type Done = Extract<ClientReport, { type: 'done' }>;

function checkFileLimit(): void {
  const soft = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim();
  const limit = soft === 'unlimited' ? Infinity : Number(soft);
  const need = 2 * sockets + 1_000;
  if (!(limit >= need))
    throw new Error(`ulimit -n is ${soft}; ${sockets} sockets need ${need}: raise it (ulimit -n 65536) or lower BENCH_SOCKETS.`);
}

interface Client {
  child: ChildProcess;
  /** The next report of `type` (of `target`'s sockets when given: both groups report 'armed' and 'done'). */
  next(type: ClientReport['type'], target?: Target): Promise<ClientReport>;
  send(cmd: ClientCommand): void;
}

function forkClient(): Promise<Client> {
  const child = fork(path.join(here, 'live-clients.ts'), [], {
    execArgv: ['--import', 'tsx'],
    serialization: 'advanced',
  });
  const waiting: {
    type: ClientReport['type'];
    target?: Target;
    resolve: (r: ClientReport) => void;
    reject: (e: Error) => void;
  }[] = [];
  child.on('message', (report: ClientReport) => {
    if (report.type === 'error') {
      for (const w of waiting.splice(0)) w.reject(new Error(`client process: ${report.message}`));
      return;
    }
    const i = waiting.findIndex((w) => w.type === report.type && (!w.target || !('target' in report) || report.target === w.target));
    if (i >= 0) waiting.splice(i, 1)[0]!.resolve(report);
  });
  child.on('exit', (code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`client process exited (${code})`));
  });
  const client: Client = {
    child,
    next: (type, target) => new Promise((resolve, reject) => waiting.push({ type, target, resolve, reject })),
    send: (cmd) => child.send(cmd),
  };
  return client.next('ready').then(() => client);
}

/** Base rows, one funded player, and the boxes a battle can use; the server opens the database after. */
async function prepareDatabase(): Promise<{
  env: Record<string, string>;
  token: string;
  boxIds: number[];
  cleanup: () => Promise<void>;
}> {
  const dataDir = adminUrl ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'skinfair-rounds-bench-'));
  const opened = await openBenchDatabase(adminUrl, {
    poolSize: 2,
    ...(dataDir ? { pgliteDir: path.join(dataDir, 'pg') } : {}),
  });
  const { database } = opened;
  await database.migrate();
  await ensureBaseRows(database.db);
  const user = await givenUser(database.db, { coinsFen: 1_000_000_000_000 });
  const token = await givenSession(database.db, user.id);
  const found = (await database.db.execute(sql`SELECT id FROM boxes WHERE enabled AND box_type = 1 ORDER BY id LIMIT 5`)) as unknown as {
    rows: Array<{ id: unknown }>;
  };
  if (found.rows.length === 0) throw new Error('no enabled boxes of type 1 after ensureBaseRows');
  const boxIds = Array.from({ length: boxes }, (_, i) => Number(found.rows[i % found.rows.length]!.id));
  await database.close();
  return {
    // config.ts keeps PGlite's files in DATA_DIR/pg.
    env: opened.url ? { DATABASE_URL: opened.url } : { DATA_DIR: dataDir! },
    token,
    boxIds,
    cleanup: async () => {
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      else await opened.cleanup();
    },
  };
}

async function call<T>(url: string, token: string, form: Record<string, string>): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { token, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  const text = await res.text();
  const body = JSON.parse(text) as { status: number; data: T };
  if (!res.ok || body.status !== 0) throw new Error(`${url}: HTTP ${res.status} ${text}`);
  return body.data;
}

interface RoundEvent {
  battle: number;
  round: number;
  bytes: number;
  missing: number;
  closed: number;
  /** Each socket's receipt − the first socket's, ms. */
  spread: number[];
  /** Each socket's receipt − the announced reveal time, ms (NaN when the payload has none). */
  late: number[];
  firstLate: number;
}

/** The JSON body of a STOMP MESSAGE frame. */
const bodyOf = (frame: string) => frame.slice(frame.indexOf('\n\n') + 2).replace(/\0$/, '');

async function main() {
  checkFileLimit();
  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanup = async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn().catch((err: unknown) => console.error(err));
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));
  try {
    const db = await prepareDatabase();
    cleanups.push(db.cleanup);
    const compiled = process.env.BENCH_COMPILED === '1';
    if (compiled && !fs.existsSync(serverBundle)) throw new Error(`${serverBundle} is missing: npm run build -w @skinfair/server`);
    const server = await startServerProcess(
      {
        ...db.env,
        WORKERS: '1',
        SEED_DEMO: 'false',
        // The draw is a durable job; polled often so the draw follows the beacon round closely.
        JOBS_ENABLED: 'true',
        JOBS_POLL_MS: '100',
        BEACON_SOURCE: 'local',
        LOG_LEVEL: 'warn',
        WS_MAX_CONNECTIONS_PER_IP: String(sockets + 100),
        RATE_LIMIT_PER_MINUTE: '100000000',
        MONEY_CALLS_PER_USER_PER_SECOND: '1000000',
        MONEY_CALLS_IN_FLIGHT_PER_USER: '1000',
        TOKEN_CALLS_PER_SECOND: '1000000',
      },
      { fromSource: !compiled },
    );
    cleanups.push(() => server.stop());
    const bare = await startBareWs();
    cleanups.push(async () => bare.child.kill());
    const clients = await Promise.all(Array.from({ length: clientProcesses }, forkClient));
    // Pending waits for the next round would reject on exit and hide the error that ended the run.
    cleanups.push(async () => clients.forEach((c) => (c.child.removeAllListeners('exit'), c.child.kill())));
    await server.ready();

    const share = (i: number) => Math.floor(sockets / clientProcesses) + (i < sockets % clientProcesses ? 1 : 0);
    const stompUrl = `ws://127.0.0.1:${server.port}${live.path}`;
    const connectStarted = performance.now();
    // Both targets connect at once, interleaved, so neither gets the earlier place in the clients' loops.
    await Promise.all(
      clients.flatMap((c, i) =>
        (
          [
            ['stomp', stompUrl],
            ['ws', bare.url.replace('http:', 'ws:')],
          ] as const
        ).map(([target, u]) => {
          c.send({ type: 'connect', target, url: u, count: share(i), heartbeatMs });
          return c.next('connected');
        }),
      ),
    );
    const connectS = (performance.now() - connectStarted) / 1000;
    // Wall clock → monotonic clock of this machine, to place the server's announced reveal times.
    const wallToMono = monoMs() - Date.now();

    const arm = async (match: string) => {
      await Promise.all(clients.map((c) => (c.send({ type: 'arm', target: 'stomp', match }), c.next('armed', 'stomp'))));
      return clients.map((c) => c.next('done', 'stomp') as Promise<Done>);
    };
    const collect = async (done: Promise<Done>[], timeoutMs: number) => {
      const timer = setTimeout(() => clients.forEach((c) => c.send({ type: 'collect', target: 'stomp' })), timeoutMs);
      const reports = await Promise.all(done);
      clearTimeout(timer);
      return reports;
    };

    const baseline: number[][] = [];
    const bareBroadcast = async (bytes: number) => {
      await fetch(`${bare.url}/prepare?bytes=${bytes}`, { method: 'POST' }).then((r) => r.text());
      await Promise.all(clients.map((c) => (c.send({ type: 'arm', target: 'ws' }), c.next('armed', 'ws'))));
      const done = clients.map((c) => c.next('done', 'ws') as Promise<Done>);
      await fetch(`${bare.url}/trigger`, { method: 'POST' }).then((r) => r.text());
      const timer = setTimeout(() => clients.forEach((c) => c.send({ type: 'collect', target: 'ws' })), NEXT_ROUND_TIMEOUT_MS);
      const got = (await Promise.all(done)).flatMap((r) => Array.from(r.times)).filter((t) => t !== 0);
      clearTimeout(timer);
      const first = Math.min(...got);
      baseline.push(got.map((t) => t - first).sort((x, y) => x - y));
    };

    const events: RoundEvent[] = [];
    const url = (p: string) => `${server.url}/api/battle/${p}`;
    for (let b = 1; b <= battles; b++) {
      const created = await call<{ battleCode: string }>(url('create'), db.token, {
        boxLists: db.boxIds.join(','),
        countCustomer: String(seats),
        mode: String(b % 2),
      });
      const code = created.battleCode;
      // Only this battle's event 32 for round k (its earlier state events carry revealedRounds 0).
      const matchRound = (k: number) =>
        `^(?=[\\s\\S]*"eventType":32[,}])(?=[\\s\\S]*"battleCode":"${code}")(?=[\\s\\S]*"revealedRounds":${k}[,}])`;
      let done = await arm(matchRound(1));
      for (let s = 2; s <= seats; s++) await call(url('joinBot'), db.token, { battleCode: code, pos: '0' });
      for (let k = 1; k <= boxes; k++) {
        const reports = await collect(done, k === 1 ? FIRST_ROUND_TIMEOUT_MS : NEXT_ROUND_TIMEOUT_MS);
        // Armed for the next round at once: it is due 4 s after this one.
        if (k < boxes) done = await arm(matchRound(k + 1));
        const times = reports.flatMap((r) => Array.from(r.times));
        const got = times.filter((t) => t !== 0);
        const first = Math.min(...got);
        const sample = reports.find((r) => r.sample)?.sample ?? '';
        let due = NaN;
        if (sample) {
          const view = (JSON.parse(bodyOf(sample)) as { data: { revealStartAt: string | null; roundMs: number } }).data;
          if (view.revealStartAt) due = Date.parse(view.revealStartAt) + (k - 1) * view.roundMs + wallToMono;
        }
        events.push({
          battle: b,
          round: k,
          bytes: reports.find((r) => r.sample)?.bytes ?? 0,
          missing: times.length - got.length,
          closed: reports.reduce((n, r) => n + r.closed, 0),
          spread: got.map((t) => t - first).sort((x, y) => x - y),
          late: got.map((t) => t - due).sort((x, y) => x - y),
          firstLate: first - due,
        });
        // Between reveals (the next is due in 4 s), so the two never share the machine's moment.
        await bareBroadcast(events.at(-1)!.bytes);
      }
    }

    const f = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
    const stats = (xs: number[]) => `${f(percentile(xs, 0.5))} | ${f(percentile(xs, 0.99))} | ${f(xs[xs.length - 1] ?? NaN)}`;
    const pool = (es: RoundEvent[], key: 'spread' | 'late') => es.flatMap((e) => e[key]).sort((x, y) => x - y);
    console.log(
      `sockets=${sockets}, battles=${battles} × ${boxes} rounds × ${seats} seats (1 player + ${seats - 1} bots), ` +
        `client processes=${clientProcesses}, heart-beat=${heartbeatMs} ms, engine=${adminUrl ? 'postgresql' : 'pglite'}, ` +
        `cpus=${os.cpus().length} (${os.cpus()[0]?.model}), node=${process.version}, load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}, ` +
        `connect ${f(connectS)} s`,
    );
    console.log(
      '| event | frame bytes | missing | spread after 1st socket p50 ms | p99 ms | max ms | 1st socket after reveal time ms | after reveal time p50 ms | p99 ms | max ms |',
    );
    console.log(`|${' --- |'.repeat(10)}`);
    for (const e of events) {
      console.log(
        `| battle ${e.battle} round ${e.round} | ${e.bytes} | ${e.missing} | ${stats(e.spread)} | ${f(e.firstLate)} | ${stats(e.late)} |`,
      );
    }
    const bareAll = baseline.flat().sort((x, y) => x - y);
    const ratio = (p: number) => percentile(pool(events, 'spread'), p) / percentile(bareAll, p);
    const later = events.filter((e) => e.round > 1);
    const firsts = events.filter((e) => e.round === 1);
    console.log(
      `| **pooled, all ${events.length} events** | | ${events.reduce((n, e) => n + e.missing, 0)} | ${stats(pool(events, 'spread'))} | | ${stats(pool(events, 'late'))} |`,
    );
    console.log(`| pooled, rounds 2+ (${later.length}) | | | ${stats(pool(later, 'spread'))} | | ${stats(pool(later, 'late'))} |`);
    console.log(
      `| pooled, round 1 (${firsts.length}; due at settlement, so includes the commit) | | | ${stats(pool(firsts, 'spread'))} | | ${stats(pool(firsts, 'late'))} |`,
    );
    console.log(`| bare ws broadcast of the same sizes, pooled (${baseline.length}) | | | ${stats(bareAll)} | | | | |`);
    console.log(
      `spread ratio Skinfair / bare ws (pooled): p50 ${ratio(0.5).toFixed(2)}×, p99 ${ratio(0.99).toFixed(2)}×; ` +
        `per-event p99 medians: Skinfair ${f(
          percentile(
            events.map((e) => percentile(e.spread, 0.99)).sort((x, y) => x - y),
            0.5,
          ),
        )} ms, ` +
        `bare ws ${f(
          percentile(
            baseline.map((b) => percentile(b, 0.99)).sort((x, y) => x - y),
            0.5,
          ),
        )} ms`,
    );
    const missing = events.reduce((n, e) => n + e.missing, 0);
    const closed = Math.max(0, ...events.map((e) => e.closed));
    if (missing > 0 || closed > 0) {
      console.error(`PROBLEMS: ${missing} missing deliveries, ${closed} sockets closed`);
      console.error(`server output (last 3000 characters):\n${server.output().slice(-3000)}`);
      process.exitCode = 1;
    }
  } finally {
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
