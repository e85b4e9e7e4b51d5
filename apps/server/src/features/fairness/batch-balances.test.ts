import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { serverPaths } from '../../platform/paths.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { queryRows, toInt } from '../../platform/db/rows.js';

/**
 * Issue 30 §4: every opening of a batch ("开启 3 个", fast mode or not) shows its own balance before and
 * after, in nonce order, so the chain of the records walks from the wallet before the batch to the wallet
 * after it, one box price at a time (decision 0052).
 */
let t: TestApp;
let boxId: number;
let boxPrice: number;
beforeAll(async () => {
  t = await buildTestApp();
  const [box] = await queryRows<{ id: unknown; price_fen: unknown }>(
    db(),
    sql`SELECT id, price_fen FROM boxes WHERE box_type = 1 AND enabled ORDER BY price_fen DESC, id LIMIT 1`,
  );
  boxId = toInt(box!.id);
  boxPrice = toInt(box!.price_fen);
});
afterAll(async () => t?.close());

const db = () => t.database.db;
type Balance = { coin: number; point: number };
type Game = { verifyId: number; nonce: number; pricePaid: number; balanceBefore: Balance; balanceAfter: Balance };

async function player(coinsFen: number, pointsFen: number) {
  const user = await givenUser(db(), { coinsFen, pointsFen });
  return { userId: user.id, token: await givenSession(db(), user.id) };
}
const wallet = async (token: string): Promise<Balance> => {
  const info = (await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, token)).data;
  return { coin: info.balance, point: info.integral };
};
const games = async (token: string) =>
  ((await call(t.app, 'GET', '/api/key/gameRecords', { pageSize: 20 }, token)).data.pageData as Game[]).sort((a, b) => a.nonce - b.nonce);

/** The records chain: each opening starts where the one before it ended and costs what it paid. */
function expectChain(records: Game[], from: Balance, to: Balance) {
  let at = from;
  for (const r of records) {
    expect(r.balanceBefore).toEqual(at);
    const spent = r.balanceBefore.coin - r.balanceAfter.coin + (r.balanceBefore.point - r.balanceAfter.point);
    expect(spent).toBe(r.pricePaid);
    at = r.balanceAfter;
  }
  expect(at).toEqual(to);
}

describe('balances per opening of a batch', () => {
  it('a batch of 3 records three distinct consecutive before/after pairs whose chain matches the wallet', async () => {
    const p = await player(boxPrice * 5, 0);
    const before = await wallet(p.token);
    const res = await call(t.app, 'POST', '/api/case/openCase', { caseId: boxId, number: 3 }, p.token);
    expect(res.status).toBe(0);
    const after = await wallet(p.token);
    expect(after).toEqual({ coin: before.coin - boxPrice * 3, point: 0 });

    const records = await games(p.token);
    expect(records).toHaveLength(3);
    expect(new Set(records.map((r) => r.balanceBefore.coin)).size).toBe(3);
    expect(records.map((r) => r.balanceBefore.coin)).toEqual([before.coin, before.coin - boxPrice, before.coin - boxPrice * 2]);
    expectChain(records, before, after);

    // The backpack's open-box records carry the same figures as the fairness page.
    const opens = (await call(t.app, 'GET', '/api/personalCenter/getMyOpenBoxPage', {}, p.token)).data.pageData as Array<{
      verifyId: number;
      balanceBefore: Balance;
      balanceAfter: Balance;
    }>;
    for (const r of records) {
      expect(opens.find((o) => o.verifyId === r.verifyId)).toMatchObject({ balanceBefore: r.balanceBefore, balanceAfter: r.balanceAfter });
    }
    await expectBooksBalanced(db());
  });

  it('spends coins first, then points, opening by opening: the crossing shows on the opening that makes it', async () => {
    // 1.5 boxes in coins: the first opening is all coins, the second half coins and half points, the third all points.
    const half = Math.floor(boxPrice / 2);
    const p = await player(boxPrice + half, boxPrice * 4);
    const before = await wallet(p.token);
    expect((await call(t.app, 'POST', '/api/case/openCase', { caseId: boxId, number: 3 }, p.token)).status).toBe(0);
    const after = await wallet(p.token);
    const records = await games(p.token);
    expect(records.map((r) => r.balanceAfter)).toEqual([
      { coin: half, point: boxPrice * 4 },
      { coin: 0, point: boxPrice * 4 - (boxPrice - half) },
      { coin: 0, point: boxPrice * 3 - (boxPrice - half) },
    ]);
    expectChain(records, before, after);
    await expectBooksBalanced(db());
  });

  it('two batches in a row chain across the batches', async () => {
    const p = await player(boxPrice * 6, 0);
    const before = await wallet(p.token);
    for (const number of [2, 3])
      expect((await call(t.app, 'POST', '/api/case/openCase', { caseId: boxId, number }, p.token)).status).toBe(0);
    const records = await games(p.token);
    expect(records).toHaveLength(5);
    expectChain(records, before, await wallet(p.token));
  });
});

describe('the records written before the fix', () => {
  /** The migration that rewrites a batch's shared figures into each opening's own (decision 0052). */
  const migration = () => {
    const file = readdirSync(serverPaths.migrations).find((f) => f.endsWith('_issue30-batch-balances.sql'))!;
    return readFileSync(join(serverPaths.migrations, file), 'utf8').split('--> statement-breakpoint');
  };

  it('the migration gives each opening of an old batch its own balances, and leaves single openings alone', async () => {
    const p = await player(boxPrice + Math.floor(boxPrice / 2), boxPrice * 4);
    const before = await wallet(p.token);
    expect((await call(t.app, 'POST', '/api/case/openCase', { caseId: boxId, number: 1 }, p.token)).status).toBe(0);
    expect((await call(t.app, 'POST', '/api/case/openCase', { caseId: boxId, number: 3 }, p.token)).status).toBe(0);
    const fixed = await games(p.token);
    // What the old write path stored: the batch's balances on every opening of the batch.
    const batch = fixed.slice(1);
    await db()
      .execute(sql`UPDATE rolls SET coin_before_fen = ${batch[0]!.balanceBefore.coin}, point_before_fen = ${batch[0]!.balanceBefore.point},
      coin_after_fen = ${batch[2]!.balanceAfter.coin}, point_after_fen = ${batch[2]!.balanceAfter.point}
      WHERE id IN (${sql.join(
        batch.map((g) => sql`${g.verifyId}`),
        sql`, `,
      )})`);
    expect(new Set((await games(p.token)).slice(1).map((g) => g.balanceBefore.coin)).size).toBe(1);

    for (const statement of migration()) await db().execute(sql.raw(statement));
    const migrated = await games(p.token);
    expect(migrated).toEqual(fixed);
    expectChain(migrated, before, await wallet(p.token));
    // Run twice, it changes nothing more.
    for (const statement of migration()) await db().execute(sql.raw(statement));
    expect(await games(p.token)).toEqual(fixed);
  });
});
