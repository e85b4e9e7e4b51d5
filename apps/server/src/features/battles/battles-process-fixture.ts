import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { roundTime } from '@skinfair/fairness';
import { givenSession, givenUser } from '../../testing/factories.js';
import { type ServerProcess } from '../../testing/server-process.js';
import { processPool, unlimited } from '../../testing/process-pool.js';
import type { Db } from '../../platform/db/client.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { getBalances } from '../../platform/ledger/index.js';

export const pool = processPool({ ...unlimited, SEED_DEMO: 'false', JOBS_ENABLED: 'true', JOBS_POLL_MS: '100' });

export const BOX = 1;
export const OTHER_BOX = 2;
/** What each player keeps after paying for their seats: the wallets are asserted to the fen. */
export const LEFT_FEN = 777;

export interface Player {
  id: number;
  token: string;
}
// Tests read whatever shape a call returns; the server already validated it against the contract.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = { status: number; msg: string; data: any };

export const server = (env: Record<string, string>) => pool.server(env);

export function request(s: ServerProcess, method: 'GET' | 'POST', path: string, params: Record<string, unknown>, token?: string) {
  const form = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const headers: Record<string, string> = token ? { token } : {};
  if (method === 'GET') return fetch(`${s.url}${path}?${form}`, { headers });
  return fetch(`${s.url}${path}`, {
    method,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
}

export async function api(
  s: ServerProcess,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, unknown>,
  token?: string,
): Promise<Json> {
  return (await (await request(s, method, path, params, token)).json()) as Json;
}

export async function ok(s: ServerProcess, method: 'GET' | 'POST', path: string, params: Record<string, unknown>, token?: string) {
  const body = await api(s, method, path, params, token);
  if (body.status !== 0) throw new Error(`${path}: ${body.status} ${body.msg}`);
  return body.data;
}

export async function entryPriceFen(s: ServerProcess, boxIds: number[]): Promise<number> {
  let sum = 0;
  for (const caseId of boxIds) sum += (await ok(s, 'GET', '/api/case/caseDetail', { caseId })).openPrice as number;
  return sum;
}

export async function givenPlayers(db: Db, n: number, coinsFen: number): Promise<Player[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const user = await givenUser(db, { coinsFen });
      return { id: user.id, token: await givenSession(db, user.id) };
    }),
  );
}

export async function until(check: () => boolean | Promise<boolean>, ms: number, what: string, everyMs = 25) {
  const started = Date.now();
  // A check may lose its own connection when a case terminates the database's backends: that is a "not yet".
  while (
    !(await Promise.resolve()
      .then(check)
      .catch(() => false))
  ) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export const count = async (db: Db, query: ReturnType<typeof sql>) => toInt((await queryRows<{ n: unknown }>(db, query))[0]?.n);

export interface BattleFacts {
  id: number;
  state: string;
  seats: number;
  rounds: number;
  seated: number;
  winnerSeat: number | null;
  winnerUser: number | null;
  rolls: number;
  linked: number;
  items: number;
  itemsToWinner: number;
  itemsFen: number;
  rollsFen: number;
  drawJobs: number;
  drawsDone: number;
}

/** What the database says about each battle: its seats, rolls, the backpack items it granted, its draw job. */
export async function battleFacts(db: Db): Promise<BattleFacts[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT b.id, b.state, b.seats, b.winner_seat,
          (SELECT count(*) FROM battle_boxes x WHERE x.battle_id = b.id) AS rounds,
          (SELECT count(*) FROM battle_seats s WHERE s.battle_id = b.id) AS seated,
          (SELECT s.user_id FROM battle_seats s WHERE s.battle_id = b.id AND s.seat = b.winner_seat) AS winner_user,
          (SELECT count(*) FROM battle_rolls r WHERE r.battle_id = b.id) AS rolls,
          (SELECT count(DISTINCT r.inventory_item_id) FROM battle_rolls r WHERE r.battle_id = b.id) AS linked,
          (SELECT coalesce(sum(r.value_fen), 0) FROM battle_rolls r WHERE r.battle_id = b.id) AS rolls_fen,
          (SELECT count(*) FROM inventory_items i WHERE i.source_type = 'battle' AND i.source_id = b.id) AS items,
          (SELECT count(*) FROM inventory_items i
             JOIN battle_seats s ON s.battle_id = b.id AND s.seat = b.winner_seat AND s.user_id = i.user_id
             WHERE i.source_type = 'battle' AND i.source_id = b.id) AS items_to_winner,
          (SELECT coalesce(sum(i.recovery_price_fen), 0) FROM inventory_items i
             WHERE i.source_type = 'battle' AND i.source_id = b.id) AS items_fen,
          (SELECT count(*) FROM jobs j WHERE j.kind = 'battle.draw' AND j.payload->>'battleId' = b.id::text) AS draw_jobs,
          (SELECT count(*) FROM jobs j
             WHERE j.kind = 'battle.draw' AND j.payload->>'battleId' = b.id::text AND j.state = 'done') AS draws_done
        FROM battles b ORDER BY b.id`,
  );
  return rows.map((r) => ({
    id: toInt(r.id),
    state: String(r.state),
    seats: toInt(r.seats),
    rounds: toInt(r.rounds),
    seated: toInt(r.seated),
    winnerSeat: r.winner_seat === null ? null : toInt(r.winner_seat),
    winnerUser: r.winner_user === null ? null : toInt(r.winner_user),
    rolls: toInt(r.rolls),
    linked: toInt(r.linked),
    items: toInt(r.items),
    itemsToWinner: toInt(r.items_to_winner),
    itemsFen: toInt(r.items_fen),
    rollsFen: toInt(r.rolls_fen),
    drawJobs: toInt(r.draw_jobs),
    drawsDone: toInt(r.draws_done),
  }));
}

/**
 * A battle settled exactly once: ended with a winner, one roll per round and seat, one draw job done, and
 * one backpack item per roll for a human winner (none for a bot: its win stays with the house).
 */
export function expectSettledOnce(b: BattleFacts) {
  const rolls = b.rounds * b.seats;
  const items = b.winnerUser === null ? 0 : rolls;
  expect({ ...b, winnerSeat: b.winnerSeat === null ? null : 'set' }).toEqual({
    ...b,
    state: 'ended',
    seated: b.seats,
    winnerSeat: 'set',
    rolls,
    linked: items,
    items,
    itemsToWinner: items,
    itemsFen: b.winnerUser === null ? 0 : b.rollsFen,
    drawJobs: 1,
    drawsDone: 1,
  });
}

/**
 * No half-joined battle: every seat's payment is in the books (coins and points, exactly the entry price,
 * once), and every entry payment has its seat. A waiting room is short of seats, any other is full.
 */
export async function expectNoHalfJoins(db: Db) {
  const mismatched = await queryRows<Record<string, unknown>>(
    db,
    sql`WITH paid AS (
          SELECT t.ref_id::bigint AS battle_id, a.user_id, sum(t.amount_fen) AS fen, count(*) AS transfers
          FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
          WHERE t.code = 'battle_stake' GROUP BY 1, 2),
        seated AS (
          SELECT s.battle_id, s.user_id, s.coin_fen + s.point_fen AS fen, b.entry_price_fen
          FROM battle_seats s JOIN battles b ON b.id = s.battle_id WHERE s.user_id IS NOT NULL)
        SELECT coalesce(p.battle_id, s.battle_id) AS battle_id, coalesce(p.user_id, s.user_id) AS user_id,
               p.fen AS paid_fen, s.fen AS seat_fen, s.entry_price_fen
        FROM paid p FULL JOIN seated s ON s.battle_id = p.battle_id AND s.user_id = p.user_id
        WHERE p.fen IS DISTINCT FROM s.fen OR s.fen IS DISTINCT FROM s.entry_price_fen`,
  );
  expect(mismatched).toEqual([]);
  const misfilled = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT b.id, b.state, b.seats, count(s.seat) AS seated
        FROM battles b LEFT JOIN battle_seats s ON s.battle_id = b.id GROUP BY b.id
        HAVING (b.state = 'waiting') <> (count(s.seat) < b.seats)`,
  );
  expect(misfilled).toEqual([]);
}

/** Each player has exactly what they were given less what their seats cost (nothing was refunded). */
export async function expectWallets(db: Db, players: Player[], givenFen: number) {
  const spent = new Map(
    (
      await queryRows<{ user_id: unknown; fen: unknown }>(
        db,
        sql`SELECT user_id, sum(coin_fen + point_fen) AS fen FROM battle_seats WHERE user_id IS NOT NULL GROUP BY user_id`,
      )
    ).map((r) => [toInt(r.user_id), toInt(r.fen)]),
  );
  const wallets = await Promise.all(players.map(async (p) => (await getBalances(db, p.id)).coinFen));
  expect(wallets).toEqual(players.map((p) => givenFen - (spent.get(p.id) ?? 0)));
  expect(await count(db, sql`SELECT count(*) AS n FROM ledger_transfers WHERE code = 'battle_refund'`)).toBe(0);
}

export interface Acknowledged {
  code: string;
  userId: number;
}

/**
 * `pairs.length` players' loops, each creating a two-seat battle and filling it (with the partner, or a bot
 * every third time), until stopped. Answers are counted by kind; the joins the server said yes to are kept.
 */
export function battleTraffic(s: ServerProcess, pairs: Array<[Player, Player]>) {
  const counts = { ok: 0, refused: 0, busy: 0, internal: 0, transport: 0, other: [] as unknown[] };
  const acknowledged: Acknowledged[] = [];
  let running = true;
  const send = async (path: string, params: Record<string, unknown>, who: Player): Promise<Json | null> => {
    try {
      const res = await request(s, 'POST', path, params, who.token);
      const text = await res.text();
      if (res.status === 503) {
        counts.refused++;
        return null;
      }
      const body = JSON.parse(text) as Json;
      if (body.status === 0) counts.ok++;
      else if (body.status === 1008) counts.busy++;
      else if (body.status === 1000 || res.status >= 500) counts.internal++;
      else counts.other.push({ path, status: body.status, msg: body.msg });
      return body;
    } catch {
      counts.transport++;
      await new Promise((r) => setTimeout(r, 20));
      return null;
    }
  };
  const loops = pairs.map(async ([creator, partner], i) => {
    for (let n = 0; running; n++) {
      const created = await send('/api/battle/create', { boxLists: `${BOX},${OTHER_BOX}`, countCustomer: 2 }, creator);
      if (created?.status !== 0) continue;
      const code = String(created.data.battleCode);
      acknowledged.push({ code, userId: creator.id });
      // A refused fill is tried again while the loop runs: the room waits for its second seat.
      for (let filled = false; running && !filled;) {
        const byBot = (i + n) % 3 === 0;
        const joined = byBot
          ? await send('/api/battle/joinBot', { battleCode: code }, creator)
          : await send('/api/battle/joinBattle', { battleCode: code }, partner);
        filled = joined?.status === 0;
        if (filled && !byBot) acknowledged.push({ code, userId: partner.id });
        // "Not waiting" after a refused fill: that refusal was not true (the fill had committed); it is
        // counted once, under `other`, and the seat it left shows as unacknowledged.
        if (joined?.status === 6002) break;
      }
    }
  });
  return {
    counts,
    acknowledged,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Every seat the server acknowledged is in the database, and every human seat was acknowledged. */
export async function expectSeatsAcknowledged(db: Db, acknowledged: Acknowledged[]) {
  const rows = await queryRows<{ code: unknown; user_id: unknown }>(
    db,
    sql`SELECT b.code, s.user_id FROM battle_seats s JOIN battles b ON b.id = s.battle_id WHERE s.user_id IS NOT NULL`,
  );
  const key = (a: Acknowledged) => `${a.code}/${a.userId}`;
  const inDb = rows.map((r) => key({ code: String(r.code), userId: toInt(r.user_id) })).sort();
  expect(inDb).toEqual(acknowledged.map(key).sort());
}

/**
 * Locks one battle against a bot for each opener and resolves once their draws are `leadMs` from due, so
 * traffic started then is at full speed when the first draws run (and a case does not lock hundreds of
 * battles waiting for them).
 */
export async function lockOpeningBattles(s: ServerProcess, openers: Player[], leadMs: number): Promise<Acknowledged[]> {
  const locked = await Promise.all(
    openers.map(async (p) => {
      const created = await ok(s, 'POST', '/api/battle/create', { boxLists: `${BOX},${OTHER_BOX}`, countCustomer: 2 }, p.token);
      return ok(s, 'POST', '/api/battle/joinBot', { battleCode: created.battleCode }, p.token);
    }),
  );
  const dueMs = roundTime(Math.min(...locked.map((d) => Number(d.targetRound)))) * 1000;
  await new Promise((r) => setTimeout(r, Math.max(0, dueMs - leadMs - Date.now())));
  return locked.map((d, i) => ({ code: String(d.battleCode), userId: openers[i]!.id }));
}

export const runningBattles = (db: Db) => count(db, sql`SELECT count(*) AS n FROM battles WHERE state = 'running'`);

/**
 * Waits until every running battle is drawn, or its draw is stranded: leased more than 5 s ago (a draw
 * takes milliseconds) and never finished. That happens when a draw's transaction dies with its connection
 * and the runner's failJob, on another dropped connection, cannot record the failure: the job then waits
 * out its lease (60 s, the runner's default that main.ts keeps). The lease's clock is moved on for those,
 * counted in the log, and the runner's re-run is what settles them.
 */
export async function settleRunning(db: Db): Promise<number> {
  await until(
    async () =>
      (await count(
        db,
        sql`SELECT count(*) AS n FROM battles b WHERE b.state = 'running' AND NOT EXISTS (
              SELECT 1 FROM jobs j WHERE j.kind = 'battle.draw' AND j.payload->>'battleId' = b.id::text
                AND j.state = 'pending' AND j.locked_until > now() AND j.locked_until < now() + interval '55 seconds')`,
      )) === 0,
    60_000,
    'draws',
    100,
  );
  const stranded = await runningBattles(db);
  if (stranded > 0) {
    await db.execute(sql`UPDATE jobs SET locked_until = now() - interval '1 second'
                         WHERE kind = 'battle.draw' AND state = 'pending' AND locked_until > now()`);
    await until(async () => (await runningBattles(db)) === 0, 30_000, 'stranded draws', 100);
  }
  return stranded;
}
