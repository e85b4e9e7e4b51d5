/**
 * Live channel fan-out (issue 11): how long N subscribed sockets take to receive a drop event, next to a
 * bare `ws` broadcast of a message of the same size to N sockets, measured in the same run.
 *
 *   npx tsx bench/live-fanout.ts                                               # PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/live-fanout.ts
 *
 * Processes: the real server (main.ts through startServerProcess, as `npm start` runs it), the bare `ws`
 * server (bench/live-ws-server.ts), BENCH_CLIENT_PROCESSES client processes (bench/live-clients.ts)
 * holding the sockets, and this one, which triggers events and computes the figures. Skinfair's clients
 * CONNECT with the web app's heart-beat and SUBSCRIBE to the topic as stompjs does (id sub-0); a Skinfair
 * event is a real box opening over HTTP by a funded player (BENCH_TRIGGER=sandbox: the sandbox's
 * publishDrop instead), the baseline's is POST /trigger. Latency per socket = receive stamp in its client
 * process − the moment this process sent the trigger request, both on the machine's monotonic clock.
 * Events alternate between the two targets (which goes first alternates too), so drift in the load of
 * this shared machine hits both.
 *
 * Options: BENCH_SOCKETS (10000 per target), BENCH_EVENTS (20 per target), BENCH_WARMUP (3),
 * BENCH_CLIENT_PROCESSES (2), BENCH_HEARTBEAT_MS (the web app's 10000; 0 = none), BENCH_TRIGGER
 * (open | sandbox), BENCH_COMPILED=1 (run apps/server/dist/main.js, built beforehand, as `npm start` does),
 * BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": a profile of the server, written at exit).
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { limits, live } from '@skinfair/contract';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { ensureBaseRows } from '../apps/server/src/seed/index.js';
import { givenSession, givenUser } from '../apps/server/src/testing/factories.js';
import { serverBundle, startServerProcess, type ServerProcess } from '../apps/server/src/testing/server-process.js';
import { monoMs, percentile, startBareWs, type ClientCommand, type ClientReport, type Target } from './live-support.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const sockets = Number(process.env.BENCH_SOCKETS ?? 10_000);
const events = Number(process.env.BENCH_EVENTS ?? 20);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const clientProcesses = Number(process.env.BENCH_CLIENT_PROCESSES ?? 2);
const heartbeatMs = Number(process.env.BENCH_HEARTBEAT_MS ?? limits.heartbeatMs);
const trigger = process.env.BENCH_TRIGGER ?? 'open';
const adminUrl = process.env.BENCH_DATABASE_URL;
const BOX_ID = 3;
const EVENT_TIMEOUT_MS = 30_000;
const PAUSE_MS = 250;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every socket is a file descriptor: refuse early and say what to do rather than fail half-way. */
function checkFileLimit(): void {
  const soft = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim();
  const hard = spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim();
  const limit = soft === 'unlimited' ? Infinity : Number(soft);
  // A server holds one descriptor per socket; a client process holds its share of both targets.
  const serverNeed = sockets + 1_000;
  const clientNeed = 2 * Math.ceil(sockets / clientProcesses) + 1_000;
  const need = Math.max(serverNeed, clientNeed);
  if (!(limit >= need)) {
    const fixes = [
      `raise it in this shell first (\`ulimit -n ${Math.max(need, 65_536)}\`; the hard limit is ${hard})`,
      'lower BENCH_SOCKETS',
      ...(clientNeed > serverNeed ? ['raise BENCH_CLIENT_PROCESSES'] : []),
    ];
    throw new Error(`ulimit -n is ${soft}, but ${sockets} sockets per target need ${need} open files per process: ${fixes.join(', or ')}.`);
  }
}

interface Client {
  child: ChildProcess;
  next(type: ClientReport['type']): Promise<ClientReport>;
  send(cmd: ClientCommand): void;
}

function forkClient(): Promise<Client> {
  const child = fork(path.join(here, 'live-clients.ts'), [], {
    execArgv: ['--import', 'tsx'],
    serialization: 'advanced',
  });
  const waiting: {
    type: ClientReport['type'];
    resolve: (r: ClientReport) => void;
    reject: (e: Error) => void;
  }[] = [];
  child.on('message', (report: ClientReport) => {
    if (report.type === 'error') {
      for (const w of waiting.splice(0)) w.reject(new Error(`client process: ${report.message}`));
      return;
    }
    const i = waiting.findIndex((w) => w.type === report.type);
    if (i >= 0) waiting.splice(i, 1)[0]!.resolve(report);
  });
  child.on('exit', (code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`client process exited (${code})`));
  });
  const client: Client = {
    child,
    next: (type) => new Promise((resolve, reject) => waiting.push({ type, resolve, reject })),
    send: (cmd) => child.send(cmd),
  };
  return client.next('ready').then(() => client);
}

/** A database with the base rows and one funded player; PGlite in a folder the server then opens. */
async function prepareDatabase(): Promise<{
  env: Record<string, string>;
  token: string;
  cleanup: () => Promise<void>;
}> {
  if (!adminUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skinfair-live-bench-'));
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pg') });
    await database.migrate(ensureBaseRows);
    const token = await givenSession(database.db, (await givenUser(database.db, { coinsFen: 1_000_000_000 })).id);
    await database.close();
    return {
      env: { DATA_DIR: dataDir },
      token,
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `skinfair_live_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  await database.migrate(ensureBaseRows);
  const token = await givenSession(database.db, (await givenUser(database.db, { coinsFen: 1_000_000_000 })).id);
  await database.close();
  return {
    env: { DATABASE_URL: url.toString() },
    token,
    cleanup: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function post(url: string, init: RequestInit = {}): Promise<string> {
  const res = await fetch(url, { method: 'POST', ...init });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${text}`);
  return text;
}

interface Outcome {
  latencies: number[];
  triggerMs: number;
  bytes: number;
  sample: string;
  missing: number;
  malformed: number;
  distinctMessageIds: number;
  closed: number;
  closeCodes: Record<number, number>;
}

async function runEvent(clients: Client[], target: Target, fire: () => Promise<unknown>): Promise<Outcome> {
  await Promise.all(clients.map((c) => (c.send({ type: 'arm', target }), c.next('armed'))));
  const done = clients.map((c) => c.next('done') as Promise<Extract<ClientReport, { type: 'done' }>>);
  const t0 = monoMs();
  const fired = fire().then(() => monoMs() - t0);
  const timer = setTimeout(() => clients.forEach((c) => c.send({ type: 'collect', target })), EVENT_TIMEOUT_MS);
  const reports = await Promise.all(done);
  clearTimeout(timer);
  const triggerMs = await fired;
  const out: Outcome = {
    latencies: [],
    triggerMs,
    bytes: 0,
    sample: '',
    missing: 0,
    malformed: 0,
    distinctMessageIds: 0,
    closed: 0,
    closeCodes: {},
  };
  for (const r of reports) {
    for (const t of r.times) {
      if (t === 0) out.missing++;
      else out.latencies.push(t - t0);
    }
    if (!out.sample) {
      out.sample = r.sample;
      out.bytes = r.bytes;
    }
    out.malformed += r.malformed;
    out.distinctMessageIds += r.distinctMessageIds;
    out.closed += r.closed;
    for (const [code, n] of Object.entries(r.closeCodes)) out.closeCodes[Number(code)] = (out.closeCodes[Number(code)] ?? 0) + n;
  }
  return out;
}

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
    const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const compiled = process.env.BENCH_COMPILED === '1';
    if (compiled && !fs.existsSync(serverBundle)) throw new Error(`${serverBundle} is missing: npm run build -w @skinfair/server`);
    const server: ServerProcess = await startServerProcess(
      {
        ...db.env,
        WORKERS: '1',
        SEED_DEMO: 'false',
        JOBS_ENABLED: 'false',
        LOG_LEVEL: 'warn',
        WS_MAX_CONNECTIONS_PER_IP: String(sockets * 2 + 100),
        RATE_LIMIT_PER_MINUTE: '100000000',
        MONEY_CALLS_PER_USER_PER_SECOND: '1000000',
        MONEY_CALLS_IN_FLIGHT_PER_USER: '1000',
        TOKEN_CALLS_PER_SECOND: '1000000',
        ...(trigger === 'sandbox' ? { SANDBOX_TOOLS: 'true' } : {}),
      },
      { nodeArgs, fromSource: !compiled },
    );
    cleanups.push(() => server.stop());
    const bare = await startBareWs();
    cleanups.push(async () => bare.child.kill());
    const clients = await Promise.all(Array.from({ length: clientProcesses }, forkClient));
    cleanups.push(async () => clients.forEach((c) => c.child.kill()));
    await server.ready();

    const share = (i: number) => Math.floor(sockets / clientProcesses) + (i < sockets % clientProcesses ? 1 : 0);
    const stompUrl = `ws://127.0.0.1:${server.port}${live.path}`;
    const wsUrl = bare.url.replace('http:', 'ws:');
    const connectStarted = performance.now();
    // Both targets connect at once, their sockets interleaved, so neither group gets the lower
    // descriptors and ports or the earlier place in the client processes' event loops.
    await Promise.all(
      clients.flatMap((c, i) =>
        (
          [
            ['stomp', stompUrl],
            ['ws', wsUrl],
          ] as const
        ).map(([target, url]) => {
          c.send({ type: 'connect', target, url, count: share(i), heartbeatMs });
          return c.next('connected');
        }),
      ),
    );
    const connectS = (performance.now() - connectStarted) / 1000;

    const fire: Record<Target, () => Promise<unknown>> = {
      stomp:
        trigger === 'sandbox'
          ? () =>
              post(`${server.url}/api/sandbox/publishDrop`, {
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                body: 'giftName=AK-47%20%7C%20Redline&grade=2&recoveryPrice=12345',
              })
          : async () => {
              const body = await post(`${server.url}/api/case/openCase`, {
                headers: { token: db.token, 'content-type': 'application/x-www-form-urlencoded' },
                body: `caseId=${BOX_ID}&number=1`,
              });
              if ((JSON.parse(body) as { status: number }).status !== 0) throw new Error(`opening refused: ${body}`);
            },
      ws: () => post(`${bare.url}/trigger`),
    };

    // The drop event's frame sets the size of the baseline's message.
    const probe = await runEvent(clients, 'stomp', fire.stomp);
    if (probe.missing > 0 || probe.malformed > 0) {
      throw new Error(
        `probe event: ${probe.missing} sockets got nothing, ${probe.malformed} malformed frames, close codes ${JSON.stringify(probe.closeCodes)}\n` +
          `${probe.sample}\nserver output:\n${server.output().slice(-3000)}`,
      );
    }
    await post(`${bare.url}/prepare?bytes=${probe.bytes}`);

    const results: Record<Target, Outcome[]> = { ws: [], stomp: [] };
    for (let k = 0; k < warmup + events; k++) {
      const order: Target[] = k % 2 === 0 ? ['ws', 'stomp'] : ['stomp', 'ws'];
      for (const target of order) {
        const outcome = await runEvent(clients, target, fire[target]);
        if (k >= warmup) results[target].push(outcome);
        await sleep(PAUSE_MS);
      }
    }

    // Per event: its own p99 and its first delivery (≈ when the server published: for Skinfair, after
    // the opening committed). Pooled p99 is what the goal names; on a shared machine one stalled event
    // sets it, so the per-event medians and the ratio of the two events of each round are shown too.
    const perEvent = (o: Outcome) => {
      const sorted = [...o.latencies].sort((a, b) => a - b);
      return { p99: percentile(sorted, 0.99), first: sorted[0] ?? NaN };
    };
    const median = (xs: number[]) =>
      percentile(
        [...xs].sort((a, b) => a - b),
        0.5,
      );
    const summary = (target: Target) => {
      const all = results[target].flatMap((o) => o.latencies).sort((a, b) => a - b);
      const stats = results[target].map(perEvent);
      return {
        p50: percentile(all, 0.5),
        p99: percentile(all, 0.99),
        max: all[all.length - 1] ?? NaN,
        eventP99: stats.map((e) => e.p99),
        medianEventP99: median(stats.map((e) => e.p99)),
        medianFirst: median(stats.map((e) => e.first)),
        triggerP50: median(results[target].map((o) => o.triggerMs)),
        missing: results[target].reduce((n, o) => n + o.missing, 0),
        malformed: results[target].reduce((n, o) => n + o.malformed, 0),
        closed: Math.max(0, ...results[target].map((o) => o.closed)),
        distinctIdsOk: results[target].every((o) => o.distinctMessageIds === o.latencies.length),
      };
    };
    const ws = summary('ws');
    const stomp = summary('stomp');
    const pairRatios = stomp.eventP99.map((p99, i) => p99 / ws.eventP99[i]!).sort((a, b) => a - b);
    const f = (n: number) => n.toFixed(1);
    const x = (n: number) => `${n.toFixed(2)}×`;
    console.log(
      `sockets=${sockets} per target, events=${events} per target (+${warmup} warm-up), client processes=${clientProcesses}, ` +
        `heart-beat=${heartbeatMs} ms, trigger=${trigger}, engine=${adminUrl ? 'postgresql' : 'pglite'}, frame=${probe.bytes} bytes, ` +
        `cpus=${os.cpus().length} (${os.cpus()[0]?.model}), node=${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}, connect ${f(connectS)} s`,
    );
    console.log('| target | p50 ms | p99 ms | max ms | per-event p99, median ms | first socket, median ms | trigger answered, median ms |');
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const [label, r] of [
      ['bare ws broadcast', ws],
      ['Skinfair STOMP drop', stomp],
    ] as const) {
      console.log(
        `| ${label} | ${f(r.p50)} | ${f(r.p99)} | ${f(r.max)} | ${f(r.medianEventP99)} | ${f(r.medianFirst)} | ${f(r.triggerP50)} |`,
      );
    }
    console.log(
      `| Skinfair / ws | ${x(stomp.p50 / ws.p50)} | **${x(stomp.p99 / ws.p99)}** | ${x(stomp.max / ws.max)} | ${x(stomp.medianEventP99 / ws.medianEventP99)} | | |`,
    );
    console.log(
      `p99 ratio of the two events of each round: median ${x(percentile(pairRatios, 0.5))}, ` +
        `quartiles ${x(percentile(pairRatios, 0.25))}–${x(percentile(pairRatios, 0.75))}`,
    );
    const problems = [
      ws.missing + stomp.missing > 0 && `missing deliveries: ws ${ws.missing}, stomp ${stomp.missing}`,
      stomp.malformed > 0 && `${stomp.malformed} STOMP frames without subscription sub-0 / message-id`,
      !stomp.distinctIdsOk && 'some subscribers shared a message-id',
      ws.closed + stomp.closed > 0 &&
        `sockets closed during the run: ws ${ws.closed}, stomp ${stomp.closed} (close codes ${JSON.stringify(results.stomp.at(-1)?.closeCodes)})`,
    ].filter(Boolean);
    if (problems.length > 0) {
      console.error(`PROBLEMS: ${problems.join('; ')}`);
      console.error(`server output (last 3000 characters):\n${server.output().slice(-3000)}`);
      process.exitCode = 1;
    }
    if (process.env.BENCH_SHOW_FRAME) console.log(JSON.stringify(probe.sample));
  } finally {
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
