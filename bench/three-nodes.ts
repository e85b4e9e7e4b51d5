/**
 * Three app nodes behind nginx on one PostgreSQL and Redis (issue 26 §9), run by scripts/three-nodes-drill.sh,
 * which installs nginx, makes the database and the proxy and cleans up. This process makes the players,
 * starts the nodes (the compiled bundle, as production runs it), connects live subscribers through the proxy
 * to every node, runs money load (box openings with Idempotency-Keys, retried through the proxy) and battles
 * against bots, kills one node with SIGKILL mid-load and starts it again as a supervisor would, then checks:
 * each live item reached each subscriber once, every battle settled exactly once, every OK answer is
 * committed, the ledger audit is clean.
 *
 *   DATABASE_URL=… REDIS_URL=… THREE_NODES_PORTS="8081 8082 8083" THREE_NODES_PROXY=8080 npx tsx bench/three-nodes.ts
 *
 * Options: THREE_NODES_SECONDS (60 s of load), THREE_NODES_KILL_AT (20 s in), THREE_NODES_DOWN_FOR (10 s before
 * the restart), THREE_NODES_PLAYERS (8 opening boxes), THREE_NODES_BATTLERS (6 playing battles),
 * THREE_NODES_SUBSCRIBERS (9), THREE_NODES_PIDS (a file the nodes' pids are written to, for the script's clean-up).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { auditLedger } from '../apps/server/src/platform/ledger/audit.js';
import { ensureBaseRows } from '../apps/server/src/seed/index.js';
import { givenSession, givenUser } from '../apps/server/src/testing/factories.js';
import { startServerProcess, type ServerProcess } from '../apps/server/src/testing/server-process.js';
import { runMoneyLoad, type Player } from './failover/money-load.js';
import { checkMoneyLoad } from './failover/verify.js';
import { battlesByState, battleTraffic, checkSettledOnce } from './three-nodes/battles.js';
import { describeEvents, publishedItems, tallyEvents } from './three-nodes/events.js';
import { startSubscribers } from './three-nodes/subscribers.js';

const env = process.env;
const url = env.DATABASE_URL ?? '';
const ports = (env.THREE_NODES_PORTS ?? '').split(/\s+/).filter(Boolean).map(Number);
const proxyPort = Number(env.THREE_NODES_PROXY ?? 0);
const seconds = Number(env.THREE_NODES_SECONDS ?? 60);
const killAt = Number(env.THREE_NODES_KILL_AT ?? 20);
const downFor = Number(env.THREE_NODES_DOWN_FOR ?? 10);
const KILLED = 1;
const names = ports.map((_, i) => `node ${String.fromCharCode(97 + i)}`);
const print = (line: string) => console.log(`  ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const nodeEnv: Record<string, string> = {
  DATABASE_URL: url,
  REDIS_URL: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  // Every node signs with the same secret, as a deployment's shared skinfair.env has it.
  APP_SECRET: randomBytes(48).toString('base64url'),
  TRUST_PROXY: '127.0.0.1',
  SEED_DEMO: 'false',
  JOBS_ENABLED: 'true',
  LOG_LEVEL: 'warn',
  // The load comes from one address and a handful of players: the per-address and per-player limits would refuse it.
  RATE_LIMIT_PER_MINUTE: '1000000',
  MONEY_CALLS_PER_USER_PER_SECOND: '100000',
  TOKEN_CALLS_PER_SECOND: '100000',
};

async function givenPlayers(n: number): Promise<Player[]> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  try {
    await database.migrate(ensureBaseRows);
    const players: Player[] = [];
    for (let i = 0; i < n; i++) {
      const user = await givenUser(database.db, { coinsFen: 1_000_000_000_000 });
      players.push({ userId: user.id, token: await givenSession(database.db, user.id) });
    }
    return players;
  } finally {
    await database.close();
  }
}

async function liveConnections(port: number): Promise<number> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(2_000) })).text();
    return Number(/^skinfair_live_connections (\S+)/m.exec(text)?.[1] ?? 0);
  } catch {
    return 0; // a dead node holds no connection
  }
}

async function withClient<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < ms; await sleep(250)) if (await check()) return true;
  return false;
}

async function main(): Promise<boolean> {
  const openers = await givenPlayers(Number(env.THREE_NODES_PLAYERS ?? 8));
  const battlers = await givenPlayers(Number(env.THREE_NODES_BATTLERS ?? 6));
  const nodes: ServerProcess[] = [];
  const writePids = () => env.THREE_NODES_PIDS && fs.writeFileSync(env.THREE_NODES_PIDS, nodes.map((n) => n.child.pid).join('\n'));
  const bootS: number[] = [];
  const start = async (i: number) => {
    const began = Date.now();
    nodes[i] = await startServerProcess({ ...nodeEnv, PORT: String(ports[i]) });
    writePids();
    await nodes[i]!.ready(120_000);
    bootS.push((Date.now() - began) / 1000);
  };
  try {
    for (let i = 0; i < ports.length; i++) await start(i);
    if (!(await until(async () => (await fetch(`http://127.0.0.1:${proxyPort}/health`).catch(() => null))?.status === 200, 10_000)))
      throw new Error('nginx does not answer');

    const pool = await startSubscribers({
      proxyPort,
      count: Number(env.THREE_NODES_SUBSCRIBERS ?? 9),
      connectionsPerNode: () => Promise.all(ports.map(liveConnections)),
    });
    const perNode = ports.map((_, i) => pool.subscribers.filter((s) => s.nodes[0] === i).length);
    console.log(
      `three nodes behind nginx: ${openers.length} players opening boxes, ${battlers.length} playing battles against bots, ` +
        `${pool.subscribers.length} live subscribers (${perNode.map((n, i) => `${names[i]} ${n}`).join(', ')}); ` +
        `${seconds} s of load, ${names[KILLED]} killed (SIGKILL) at ${killAt} s and started again ${downFor} s later`,
    );

    const battles = battleTraffic(proxyPort, battlers);
    let killedAt = 0;
    let backAfterS = 0;
    const load = await runMoneyLoad({
      nodePorts: [proxyPort],
      players: openers,
      seconds,
      keyBudgetMs: 90_000,
      event: {
        atSeconds: killAt,
        run: async () => {
          killedAt = Date.now();
          nodes[KILLED]!.child.kill('SIGKILL');
          await nodes[KILLED]!.stop(); // already dead: removes its data folder
          await sleep(downFor * 1000);
          await start(KILLED);
          backAfterS = (Date.now() - killedAt) / 1000;
        },
      },
    });
    await battles.stop();
    // A draw the killed node held waits out its lease (60 s) before another node runs it; then every
    // revealed round and the winner's drops go out (a battle's reveal takes its rounds × 4 s).
    const settled = await until(async () => !(await withClient(battlesByState)).running, 120_000);
    await sleep(10_000);
    const onNodesAtEnd = await Promise.all(ports.map(liveConnections));
    await pool.stop();

    console.log('figures:');
    print(
      `${names[KILLED]} killed at ${killAt} s, ready again ${backAfterS.toFixed(1)} s later; boot to ready: ${bootS.map((s) => s.toFixed(1)).join(', ')} s`,
    );
    const money = await checkMoneyLoad(
      load,
      seconds,
      openers.map((p) => p.userId),
      withClient,
      print,
    );

    const states = await withClient(battlesByState);
    const settle = await withClient(checkSettledOnce);
    print(
      `battles: ${battles.counts.created} created and ${battles.counts.filled} filled with a bot through nginx (${battles.counts.failed} calls retried); ` +
        `by state ${JSON.stringify(states)}${settled ? '' : ' (still running after 120 s)'}`,
    );
    print(
      `battles settled exactly once: ${settle.ended - settle.wrong.length} of ${settle.ended} ended (wrong: ${settle.wrong.length}${settle.wrong.length ? ` ${JSON.stringify(settle.wrong.slice(0, 3))}` : ''}); draw jobs run again after the kill: ${settle.drawsRerun}`,
    );
    print(`jobs: ${settle.jobs}`);

    const published = await withClient(publishedItems);
    const tally = tallyEvents(published, pool.subscribers, killedAt, new Set([...battles.answered].map((code) => `created:${code}`)));
    for (const line of describeEvents(tally, names)) print(line);
    print(
      `subscribers per node at the end: ${onNodesAtEnd.map((n, i) => `${names[i]} ${n}`).join(', ')}; reconnects ${pool.subscribers.reduce((n, s) => n + s.gaps.length, 0)}`,
    );

    const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
    const audit = await auditLedger(database.db, { deep: true }).finally(() => database.close());
    print(
      `ledger audit: sum ${audit.sumFen} fen, negative user accounts ${audit.negativeUserAccounts}, balances ≠ transfers ${audit.mismatchedAccounts} → ${audit.balanced ? 'balanced' : 'NOT BALANCED'}`,
    );

    const subscribersOk = tally.subscribers.every((s) => s.duplicates === 0 && s.missed === 0);
    const everyNode = perNode.every((n) => n > 0);
    if (!everyNode) print('FAIL: not every node had a subscriber');
    return everyNode && money.passed && settled && settle.wrong.length === 0 && tally.unpublished === 0 && subscribersOk && audit.balanced;
  } finally {
    await Promise.all(nodes.map((n) => n.stop(10_000)));
  }
}

if (!url || ports.length !== 3 || !proxyPort) {
  console.error(
    'usage: DATABASE_URL=… THREE_NODES_PORTS="a b c" THREE_NODES_PROXY=port npx tsx bench/three-nodes.ts (scripts/three-nodes-drill.sh)',
  );
  process.exit(2);
}
main().then(
  (passed) => {
    console.log(passed ? 'three nodes: all checks passed' : 'three nodes: CHECKS FAILED');
    process.exit(passed ? 0 : 1);
  },
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
