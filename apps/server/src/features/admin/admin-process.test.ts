import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { expectBooksBalanced, givenUser } from '../../testing/factories.js';
import { OPERATOR_PASSWORD, totpCode } from '../../testing/operators.js';
import { type ServerProcess } from '../../testing/server-process.js';
import { keyedTraffic, processPool, terminateConnections, unlimited } from '../../testing/process-pool.js';
import type { Db } from '../../platform/db/client.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { getBalances } from '../../platform/ledger/index.js';
import { createOperator } from './service.js';

/**
 * Issue 10 for the operator console's money action (issue 16): balance adjustments against a real server
 * process on PostgreSQL while the database drops the app's connections and then the process is killed
 * (-9). Every adjustment that committed has its ledger transfer and its audit row, and nothing else did;
 * wallets are what the audit says; the ledger audit balances; the operator's session works on the next
 * process. A server process on PGlite keeps its database to itself, so this needs TEST_DATABASE_URL.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const pool = processPool({ ...unlimited, SEED_DEMO: 'false', JOBS_ENABLED: 'false' });
// Ports of this file's servers stay in the range the shared machine leaves to tests.
const server = (env: Record<string, string>) => pool.server(env);

const GIVEN_FEN = 1_000_000;

// Tests read whatever shape a call returns; the server already validated it against the contract.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = { status: number; msg: string; data: any };

async function adminPost(s: ServerProcess, url: string, params: Record<string, unknown>, adminToken?: string, key?: string): Promise<Json> {
  const res = await fetch(`${s.url}${url}`, {
    method: 'POST',
    headers: {
      ...(adminToken ? { 'admin-token': adminToken } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
      'content-type': 'application/json',
    },
    body: JSON.stringify(params),
  });
  return (await res.json()) as Json;
}

/** An operator logged in with two-factor through the console's own calls on a real process. */
async function loggedInOperator(s: ServerProcess, db: Db): Promise<string> {
  const name = `proc-${Date.now() % 100_000}`;
  await createOperator({ db }, { operatorId: null, ip: null }, { name, password: OPERATOR_PASSWORD, role: 'admin' });
  const login = await adminPost(s, '/api/admin/login', { name, password: OPERATOR_PASSWORD });
  if (login.status !== 0) throw new Error(`login: ${login.msg}`);
  const verified = await adminPost(
    s,
    '/api/admin/totp',
    { code: totpCode(login.data.enrolment.secret as string) },
    login.data.token as string,
  );
  if (verified.status !== 0) throw new Error(`totp: ${verified.msg}`);
  return login.data.token as string;
}

async function until(check: () => boolean, ms: number, what: string) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const count = async (db: Db, query: ReturnType<typeof sql>) => toInt((await queryRows<{ n: unknown }>(db, query))[0]?.n);

/** One adjustment an operator wants done once, under its Idempotency-Key. */
interface Adjustment {
  key: string;
  params: { id: number; kind: 'coin'; amountFen: number; reason: string };
}

const adjust = (s: ServerProcess, token: string, a: Adjustment) => adminPost(s, '/api/admin/players/adjustBalance', a.params, token, a.key);

/** Keys without end for one player: credits of 700 and debits of 300 fen in turn. */
function* adjustmentsOf(id: number): Generator<Adjustment> {
  for (let n = 0; ; n++)
    yield { key: `adjust-${id}-${n}`, params: { id, kind: 'coin', amountFen: n % 2 === 0 ? 700 : -300, reason: `进程测试 ${n}` } };
}

/** One loop per player, each adjustment under its own key, until stopped. */
const adjustTraffic = (s: ServerProcess, token: string, players: number[]) =>
  keyedTraffic(players.map(adjustmentsOf), async (a) => ({ httpStatus: 200, body: await adjust(s, token, a) }));

describe.runIf(adminUrl)('console balance adjustments against real processes on PostgreSQL (issue 10, issue 16)', () => {
  it('keeps every adjustment whole through dropped connections and a kill -9: transfer, audit row and wallet together', async () => {
    const { database, url, name } = await pool.database(adminUrl!);
    const db = database.db;
    const players = await Promise.all(Array.from({ length: 8 }, async () => (await givenUser(db, { coinsFen: GIVEN_FEN })).id));
    const env = { DATABASE_URL: url, DB_POOL_SIZE: '6', IDEMPOTENCY_LEASE_SECONDS: '2' };
    const a = await server(env);
    const token = await loggedInOperator(a, db);
    const load = adjustTraffic(a, token, players);
    await until(() => load.counts.ok > 30, 30_000, 'adjustments');
    const terminated = await terminateConnections(adminUrl!, name, 2);
    const okBefore = load.counts.ok;
    await until(() => load.counts.ok > okBefore + 30, 20_000, 'recovery');
    expect(a.child.exitCode).toBeNull();
    a.child.kill('SIGKILL');
    expect((await a.exited).signal).toBe('SIGKILL');
    await load.stop();
    console.log(
      `terminated ${terminated} connections, then kill -9; answers ${JSON.stringify({ ...load.counts, other: load.counts.other.length })}`,
    );
    expect(load.counts.internal).toBe(0);
    expect(load.counts.other).toEqual([]);

    const acknowledged = [...load.first.values()].filter((b) => b.status === 0).map((b) => b.data.transferId as number);
    const committed = await count(db, sql`SELECT count(*) AS n FROM ledger_transfers WHERE code = 'adjustment'`);
    console.log(`${committed} adjustments committed, ${acknowledged.length} acknowledged, ${load.sent.length} keys sent`);

    // The operator retries every key on the next process (its session lives in the database): after
    // "busy" (1008) or "still running" (1006, a dead attempt's claim until its 2 s lease is over).
    const b = await server(env);
    const answers = new Map<string, Json>();
    const retried = { running: 0, busy: 0 };
    await Promise.all(
      players.map(async (id) => {
        for (const a of load.sent.filter((x) => x.params.id === id)) {
          let body = await adjust(b, token, a);
          for (let attempt = 0; attempt < 60 && [1006, 1008].includes(body.status); attempt++) {
            if (body.status === 1006) retried.running++;
            else retried.busy++;
            await new Promise((r) => setTimeout(r, 100));
            body = await adjust(b, token, a);
          }
          answers.set(a.key, body);
        }
      }),
    );
    console.log(`retries: ${JSON.stringify(retried)}; ${load.sent.filter((a) => answers.get(a.key)?.status === 1006).length} keys stuck`);
    expect(
      load.sent.filter((a) => answers.get(a.key)?.status !== 0).map((a) => ({ key: a.key, status: answers.get(a.key)?.status })),
    ).toEqual([]);
    // An answered key replays its answer; each key's adjustment is in the books once.
    expect(
      [...load.first].filter(([key, body]) => body.status === 0 && answers.get(key)!.data.transferId !== body.data.transferId),
    ).toEqual([]);
    const transfers = (
      await queryRows<{ id: unknown }>(db, sql`SELECT id FROM ledger_transfers WHERE code = 'adjustment' ORDER BY id`)
    ).map((r) => toInt(r.id));
    expect([...answers.values()].map((body) => body.data.transferId as number).sort((x, y) => x - y)).toEqual(transfers);
    // Each transfer has exactly one audit row, and each audit row its transfer.
    expect(
      await count(
        db,
        sql`SELECT count(*) AS n FROM ledger_transfers t
            WHERE t.code = 'adjustment' AND (SELECT count(*) FROM audit_log l WHERE l.action = 'player.adjustBalance' AND l.after->>'transferId' = t.id::text) <> 1`,
      ),
    ).toBe(0);
    expect(await count(db, sql`SELECT count(*) AS n FROM audit_log WHERE action = 'player.adjustBalance'`)).toBe(transfers.length);
    expect(await count(db, sql`SELECT count(*) AS n FROM idempotent_requests WHERE response IS NULL`)).toBe(0);
    // Each wallet is what it was given plus what its keys asked for.
    const wallets = await Promise.all(players.map(async (id) => (await getBalances(db, id)).coinFen));
    const asked = (id: number) => load.sent.filter((a) => a.params.id === id).reduce((sum, a) => sum + a.params.amountFen, 0);
    expect(wallets).toEqual(players.map((id) => GIVEN_FEN + asked(id)));
    await expectBooksBalanced(db);
    await b.stop();
  }, 120_000);
});
