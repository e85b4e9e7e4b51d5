import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dreamFee } from '@skinfair/fairness';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { type ServerProcess } from '../../testing/server-process.js';
import { keyedTraffic, processPool, terminateConnections, unlimited } from '../../testing/process-pool.js';
import type { Db } from '../../platform/db/client.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { getBalances } from '../../platform/ledger/index.js';
import { grantItems } from '../backpack/index.js';

/**
 * Issue 10 for the dream game (issue 13): idempotent dreams against real server processes on PostgreSQL
 * while the database drops the app's connections, a kill -9, a SIGTERM. Each case ends with every
 * Idempotency-Key resolved (its dream ran once, a retry gets the same answer), every staked item either
 * spent by exactly one dream or still in its owner's backpack, exact wallets and the ledger audit.
 * A server process on PGlite keeps its database to itself, so these run only when TEST_DATABASE_URL is set.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const pool = processPool({ ...unlimited, SEED_DEMO: 'false', JOBS_ENABLED: 'false', IDEMPOTENCY_LEASE_SECONDS: '2' });
// Ports of this file's servers stay in the range the shared machine leaves to tests; small pools, and each
// test stops its servers, so the file stays well inside PostgreSQL's connection limit beside CI.
const server = (env: Record<string, string>) => pool.server({ DB_POOL_SIZE: '8', ...env });

const TARGET_FEN = 10_000;
const PROBABILITY = 50_000;
const STAKE_FEN = 1_000;
const FEE_FEN = dreamFee(TARGET_FEN, PROBABILITY, 9_500);
const GIVEN_FEN = 10_000_000;

// Tests read whatever shape a call returns; the server already validated it against the contract.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = { status: number; msg: string; data: any };

interface Player {
  id: number;
  token: string;
  /** Backpack items, one staked by each of this player's keys in turn. */
  items: number[];
}

/** One dream a client wants done once: its key, its player and the item it stakes. */
interface Key {
  key: string;
  player: Player;
  item: number;
}

const count = async (db: Db, query: ReturnType<typeof sql>) => toInt((await queryRows<{ n: unknown }>(db, query))[0]?.n);

async function until(check: () => boolean, ms: number, what: string) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Players with coins and `itemsEach` backpack items worth STAKE_FEN, and the target every dream aims at. */
async function givenDreamers(db: Db, n: number, itemsEach: number) {
  const [target] = await queryRows<{ id: unknown }>(
    db,
    sql`UPDATE items SET recovery_price_fen = ${TARGET_FEN} WHERE id = (SELECT max(id) FROM items) RETURNING id`,
  );
  const [stake] = await queryRows<{ id: unknown }>(db, sql`SELECT min(id) AS id FROM items`);
  const players = await Promise.all(
    Array.from({ length: n }, async (): Promise<Player> => {
      const user = await givenUser(db, { coinsFen: GIVEN_FEN });
      const granted = await runInTransaction(db, ({ tx }) =>
        grantItems(
          tx,
          user.id,
          Array.from({ length: itemsEach }, () => ({ itemId: toInt(stake!.id), recoveryPriceFen: STAKE_FEN })),
          { sourceType: 'shop', sourceId: null },
        ),
      );
      return { id: user.id, token: await givenSession(db, user.id), items: granted.map((r) => r.id) };
    }),
  );
  return { players, target: toInt(target!.id) };
}

/** The player's keys, in the order their loop sends them. */
const keysOf = (p: Player, tag: string): Key[] =>
  p.items.map((item, j) => ({ key: `${tag}-${p.id}-${j.toString().padStart(3, '0')}`, player: p, item }));

async function dream(s: ServerProcess, target: number, k: Key): Promise<{ httpStatus: number; body: Json | null }> {
  const res = await fetch(`${s.url}/api/upgrade/startUpgrade`, {
    method: 'POST',
    headers: { token: k.player.token, 'idempotency-key': k.key, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      upgradeGiftId: String(target),
      probability: String(PROBABILITY),
      vouchers: String(k.item),
      quantity: String(FEE_FEN),
    }).toString(),
  });
  const text = await res.text();
  return { httpStatus: res.status, body: res.status === 503 ? null : (JSON.parse(text) as Json) };
}

/** Each player's dreams one after the other, under the keys `tag` names (issue 10 §2). */
const dreamTraffic = (s: ServerProcess, target: number, players: Player[], tag: string) =>
  keyedTraffic(
    players.map((p) => keysOf(p, tag)),
    (k) => dream(s, target, k),
  );

/**
 * Each key retried the way a client would, one player's keys after the other: again after "busy, retry"
 * (1008), a shed request (503) or "still running" (1006, a dead attempt's claim until its lease is over).
 * A key still answering 1006 after that is stuck; it is left in the answers and fails the test.
 */
async function resolveAll(s: ServerProcess, target: number, keys: Key[]) {
  const answers = new Map<string, Json>();
  const retried = { running: 0, busy: 0, shed: 0 };
  const byPlayer = new Map<number, Key[]>();
  for (const k of keys) byPlayer.set(k.player.id, [...(byPlayer.get(k.player.id) ?? []), k]);
  await Promise.all(
    [...byPlayer.values()].map(async (own) => {
      for (const k of own) {
        let answer = await dream(s, target, k);
        for (let attempt = 0; attempt < 60 && (!answer.body || [1006, 1008].includes(answer.body.status)); attempt++) {
          if (!answer.body) retried.shed++;
          else if (answer.body.status === 1006) retried.running++;
          else retried.busy++;
          await new Promise((r) => setTimeout(r, 100));
          answer = await dream(s, target, k);
        }
        answers.set(k.key, answer.body ?? { status: 503, msg: 'shed', data: null });
      }
    }),
  );
  const stuck = keys.filter((k) => answers.get(k.key)?.status === 1006).length;
  console.log(`retries: ${JSON.stringify(retried)}; ${stuck} of ${keys.length} keys stuck`);
  return answers;
}

/**
 * After every key resolved: each ran exactly one dream (the one its answer names, which staked its item),
 * no staked item is still in a backpack and no backpack item was spent without a dream, each win's item is
 * with its winner, each wallet is what it was given less its dreams' coins, no key is left without an
 * answer, and the ledger audit balances.
 */
async function expectDreamsConsistent(db: Db, players: Player[], keys: Key[], answers: Map<string, Json>) {
  const unresolved = keys.filter((k) => answers.get(k.key)?.status !== 0).map((k) => ({ key: k.key, status: answers.get(k.key)?.status }));
  expect(unresolved).toEqual([]);
  const dreams = await queryRows<{ id: unknown; user_id: unknown; staked: unknown[]; won: boolean; coins: unknown; won_item: unknown }>(
    db,
    sql`SELECT id, user_id, staked_item_ids AS staked, won, coins_paid_fen AS coins, won_inventory_item_id AS won_item FROM dreams ORDER BY id`,
  );
  expect(dreams).toHaveLength(keys.length);
  const byId = new Map(dreams.map((d) => [toInt(d.id), d]));
  for (const k of keys) {
    const data = answers.get(k.key)!.data;
    const row = byId.get(data.id as number);
    expect({
      key: k.key,
      user: toInt(row?.user_id),
      staked: (row?.staked ?? []).map(toInt),
      won: row?.won,
      coins: toInt(row?.coins),
    }).toEqual({
      key: k.key,
      user: k.player.id,
      staked: [k.item],
      won: data.won,
      coins: FEE_FEN - STAKE_FEN,
    });
  }
  // No item both staked and kept, none spent without its dream.
  expect(
    await count(
      db,
      sql`SELECT count(*) AS n FROM inventory_items i JOIN dreams d ON i.id = ANY(d.staked_item_ids) WHERE i.state <> 'used'`,
    ),
  ).toBe(0);
  expect(
    await count(
      db,
      sql`SELECT count(*) AS n FROM inventory_items i WHERE i.state = 'used'
          AND NOT EXISTS (SELECT 1 FROM dreams d WHERE i.id = ANY(d.staked_item_ids))`,
    ),
  ).toBe(0);
  expect(await count(db, sql`SELECT count(*) - count(DISTINCT s) AS n FROM dreams, unnest(staked_item_ids) AS s`)).toBe(0);
  // Each win's item in its winner's backpack, and no dream item without its win.
  const wins = dreams.filter((d) => d.won);
  expect(
    await count(
      db,
      sql`SELECT count(*) AS n FROM dreams d JOIN inventory_items i ON i.id = d.won_inventory_item_id
          WHERE d.won AND i.user_id = d.user_id AND i.state = 'in_backpack' AND i.source_type = 'dream' AND i.source_id = d.id`,
    ),
  ).toBe(wins.length);
  expect(await count(db, sql`SELECT count(*) AS n FROM inventory_items WHERE source_type = 'dream'`)).toBe(wins.length);
  const dreamsOf = (p: Player) => keys.filter((k) => k.player.id === p.id).length;
  const wallets = await Promise.all(players.map(async (p) => (await getBalances(db, p.id)).coinFen));
  expect(wallets).toEqual(players.map((p) => GIVEN_FEN - dreamsOf(p) * (FEE_FEN - STAKE_FEN)));
  expect(await count(db, sql`SELECT count(*) AS n FROM idempotent_requests WHERE response IS NULL`)).toBe(0);
  await expectBooksBalanced(db);
  return { dreams: dreams.length, wins: wins.length };
}

/**
 * Keys that were answered before the fault keep that answer: the retry replays it, it does not run again.
 * (The replay comes from a jsonb column, so its keys may come in another order.)
 */
function expectSameAnswers(first: Map<string, Json>, answers: Map<string, Json>) {
  const changed = [...first].filter(([key, body]) => body.status === 0 && !isDeepStrictEqual(answers.get(key)?.data, body.data));
  expect(changed.map(([key]) => key)).toEqual([]);
}

describe.runIf(adminUrl)('dreams against real processes on PostgreSQL (issue 10, issue 13)', () => {
  it('survives its database connections being terminated mid-dream: busy answers, then every key resolves once', async () => {
    const { database, url, name } = await pool.database(adminUrl!);
    const db = database.db;
    const { players, target } = await givenDreamers(db, 16, 40);
    const s = await server({ DATABASE_URL: url });
    const load = dreamTraffic(s, target, players, 'term');
    await until(() => load.counts.ok > 40, 30_000, 'dreams');
    const terminated = await terminateConnections(adminUrl!, name, 3);
    const okBefore = load.counts.ok;
    await until(() => load.counts.ok > okBefore + 40, 20_000, 'recovery');
    await load.stop();
    console.log(
      `terminated ${terminated} connections; first answers ${JSON.stringify({ ...load.counts, other: load.counts.other.length })}`,
    );
    // The same process answers: it did not crash and was not restarted.
    expect(s.child.exitCode).toBeNull();
    expect((await fetch(`${s.url}/health/ready`)).status).toBe(200);
    if (load.counts.internal)
      console.log(
        s
          .output()
          .split('\n')
          .filter((l) => /error/i.test(l))
          .slice(0, 5)
          .join('\n'),
      );
    expect(load.counts.internal).toBe(0);
    expect(load.counts.other).toEqual([]);

    const answers = await resolveAll(s, target, load.sent);
    expectSameAnswers(load.first, answers);
    const figures = await expectDreamsConsistent(db, players, load.sent, answers);
    console.log(`${load.sent.length} keys, ${figures.dreams} dreams (${figures.wins} won)`);
    await s.stop();
  }, 120_000);

  it('resolves every Idempotency-Key after a kill -9 in the middle of dreams', async () => {
    const { database, url } = await pool.database(adminUrl!);
    const db = database.db;
    const { players, target } = await givenDreamers(db, 16, 12);
    const env = { DATABASE_URL: url };
    const a = await server(env);
    const load = dreamTraffic(a, target, players, 'kill9');
    await until(() => load.counts.ok >= 60, 30_000, 'dreams');
    a.child.kill('SIGKILL');
    expect((await a.exited).signal).toBe('SIGKILL');
    await load.stop();
    const claimed = await count(db, sql`SELECT count(*) AS n FROM idempotent_requests WHERE response IS NULL`);
    console.log(
      `kill -9 after ${load.counts.ok} answered dreams, ${load.sent.length} keys sent, ${claimed} keys claimed without an answer`,
    );

    const b = await server(env);
    // The dead node's claims are over after their lease (2 s here); a retry before that answers 1006.
    const all = players.flatMap((p) => keysOf(p, 'kill9'));
    const answers = await resolveAll(b, target, all);
    expectSameAnswers(load.first, answers);
    const figures = await expectDreamsConsistent(db, players, all, answers);
    console.log(`${all.length} keys, ${figures.dreams} dreams (${figures.wins} won)`);
    await b.stop();
  }, 120_000);

  it('exits 0 on SIGTERM under dreams, and every answered dream is what the books hold', async () => {
    const { database, url } = await pool.database(adminUrl!);
    const db = database.db;
    const { players, target } = await givenDreamers(db, 16, 40);
    const env = { DATABASE_URL: url };
    const a = await server(env);
    const load = dreamTraffic(a, target, players, 'term');
    await until(() => load.counts.ok > 60, 30_000, 'dreams');
    a.child.kill('SIGTERM');
    const { code } = await a.exited;
    await load.stop();
    console.log(
      `SIGTERM after ${load.counts.ok} answers (${load.counts.refused} refused, ${load.counts.transport} transport); exit code ${code}`,
    );
    // Exit code 1 would mean the force timer had to end it.
    expect(code).toBe(0);
    if (load.counts.internal)
      console.log(
        a
          .output()
          .split('\n')
          .filter((l) => /error/i.test(l))
          .slice(0, 5)
          .join('\n'),
      );
    expect(load.counts.internal).toBe(0);
    expect(load.counts.other).toEqual([]);
    // What it answered is committed: the dreams it said yes to, no more, before any retry.
    const answered = [...load.first.values()].filter((b) => b.status === 0).map((b) => b.data.id as number);
    const inDb = (await queryRows<{ id: unknown }>(db, sql`SELECT id FROM dreams ORDER BY id`)).map((r) => toInt(r.id));
    expect(inDb).toEqual(answered.sort((x, y) => x - y));

    // The keys it did not answer are retried on the next process, and run once.
    const b = await server(env);
    const answers = await resolveAll(b, target, load.sent);
    expectSameAnswers(load.first, answers);
    const figures = await expectDreamsConsistent(db, players, load.sent, answers);
    console.log(`${load.sent.length} keys, ${figures.dreams} dreams (${figures.wins} won)`);
    await b.stop();
  }, 120_000);
});
