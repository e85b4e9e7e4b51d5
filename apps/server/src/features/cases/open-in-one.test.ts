import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { caseRoll, pickByRoll } from '@skinfair/fairness';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced, givenUser } from '../../testing/factories.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { commitHooks } from '../../platform/db/tx.js';
import { usingPostgres } from '../../testing/test-db.js';
import { boxForOpening } from '../catalog/index.js';
import { balancesPerOpening } from './opening-balances.js';
import { openInOneStatement } from './open-in-one.js';

/**
 * Issue 28: the one-statement opening (roll drawn in the database) writes what the two-statement transaction
 * writes, or nothing at all and leaves the decision to it. Every record is re-derived here with
 * packages/fairness from the revealed seed. PostgreSQL only (named statements); PGlite keeps the transaction.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const BOX = 1;

async function state(userId: number) {
  const [row] = await queryRows<{ coin: unknown; point: unknown; nonce: unknown; rolls: unknown; items: unknown }>(
    db(),
    sql`SELECT (SELECT balance_fen FROM ledger_accounts WHERE user_id = ${userId} AND kind = 'coin') AS coin,
          (SELECT balance_fen FROM ledger_accounts WHERE user_id = ${userId} AND kind = 'point') AS point,
          (SELECT nonce FROM seed_pairs WHERE user_id = ${userId} AND state = 'active') AS nonce,
          (SELECT count(*) FROM rolls WHERE user_id = ${userId}) AS rolls,
          (SELECT count(*) FROM inventory_items WHERE user_id = ${userId}) AS items`,
  );
  return { coin: toInt(row!.coin), point: toInt(row!.point), nonce: toInt(row!.nonce), rolls: toInt(row!.rolls), items: toInt(row!.items) };
}

const seedsOf = async (userId: number) =>
  (
    await queryRows<{ server_seed: string; client_seed: string }>(
      db(),
      sql`SELECT server_seed, client_seed FROM seed_pairs WHERE user_id = ${userId} AND state = 'active'`,
    )
  )[0]!;

describe('on PGlite', () => {
  it.skipIf(usingPostgres())('never takes the one-statement path: the transaction is cheaper there', async () => {
    const box = await boxForOpening(db(), BOX);
    const user = await givenUser(db(), { coinsFen: 10 * box.box.priceFen });
    const before = await state(user.id);
    expect(await openInOneStatement(db(), { userId: user.id, boxId: BOX, count: 1 }, box)).toBeNull();
    expect(await state(user.id)).toEqual(before);
  });
});

describe.runIf(usingPostgres())('an opening in one statement (PostgreSQL)', () => {
  it('pays coins then points, and each record re-derives: roll, range, item, its own balances', async () => {
    const box = await boxForOpening(db(), BOX);
    const price = box.box.priceFen;
    // Coins for two and a half openings, points for the rest: the third opening is paid by both.
    const user = await givenUser(db(), { coinsFen: Math.floor(2.5 * price), pointsFen: 3 * price });
    const before = await state(user.id);
    const opened = await openInOneStatement(db(), { userId: user.id, boxId: BOX, count: 5 }, box);
    expect(opened).not.toBeNull();
    const after = await state(user.id);
    expect(after.nonce).toBe(before.nonce + 5);
    expect(after.coin + after.point).toBe(before.coin + before.point - 5 * price);
    expect(after.coin).toBe(0);
    expect({ balance: opened!.balance, integral: opened!.integral }).toEqual({ balance: after.coin, integral: after.point });

    const { server_seed: serverSeed, client_seed: clientSeed } = await seedsOf(user.id);
    const records = await queryRows<Record<string, unknown>>(
      db(),
      sql`SELECT nonce, roll_code, range_low, range_high, item_id, price_paid_fen, case_version, odds_hash,
            coin_before_fen, point_before_fen, coin_after_fen, point_after_fen
          FROM rolls WHERE user_id = ${user.id} ORDER BY nonce`,
    );
    const chain = balancesPerOpening(
      { coin: before.coin, point: before.point },
      { coinFen: before.coin, pointFen: 5 * price - before.coin },
      [price, price, price, price, price],
    );
    records.forEach((r, k) => {
      const roll = caseRoll(serverSeed, clientSeed, before.nonce + k);
      const range = pickByRoll(box.ranges, roll.rollCode);
      expect(toInt(r.nonce)).toBe(before.nonce + k);
      expect(toInt(r.roll_code)).toBe(roll.rollCode);
      expect([toInt(r.range_low), toInt(r.range_high), toInt(r.item_id)]).toEqual([range.low, range.high, range.itemId]);
      expect([toInt(r.price_paid_fen), toInt(r.case_version), r.odds_hash]).toEqual([price, box.version, box.oddsHash]);
      expect([toInt(r.coin_before_fen), toInt(r.point_before_fen), toInt(r.coin_after_fen), toInt(r.point_after_fen)]).toEqual([
        chain[k]!.before.coin,
        chain[k]!.before.point,
        chain[k]!.after.coin,
        chain[k]!.after.point,
      ]);
      expect(opened!.results[k]).toMatchObject({ rollCode: roll.rollCode, giftId: range.itemId, round: before.nonce + k });
    });
    expect(after.items - before.items).toBe(5);
    await expectBooksBalanced(db());
  });

  it('writes nothing, and takes no nonce, when the plain path does not apply', async () => {
    const box = await boxForOpening(db(), BOX);
    const poor = await givenUser(db(), { coinsFen: box.box.priceFen - 1 });
    const protectedPlayer = await givenUser(db(), { coinsFen: 10 * box.box.priceFen });
    await db().execute(sql`INSERT INTO player_protections (user_id) VALUES (${protectedPlayer.id})`);
    const noClientSeed = await givenUser(db(), { coinsFen: 10 * box.box.priceFen, clientSeed: null });
    const funded = await givenUser(db(), { coinsFen: 10 * box.box.priceFen });
    const cases = [
      { who: poor.id, box, why: 'not enough money' },
      { who: protectedPlayer.id, box, why: 'a protection row: the full check runs in the transaction' },
      { who: noClientSeed.id, box, why: 'no client seed yet' },
      { who: funded.id, box: { ...box, box: { ...box.box, priceFen: box.box.priceFen - 1 } }, why: 'a stale price hint' },
    ];
    for (const c of cases) {
      const before = await state(c.who);
      expect(await openInOneStatement(db(), { userId: c.who, boxId: BOX, count: 1 }, c.box), c.why).toBeNull();
      expect(await state(c.who), c.why).toEqual(before);
    }
    // An Idempotency-Key's answer commits with the opening, so its request takes the transaction.
    const hook = { beforeCommit: async () => undefined, afterCommit: () => undefined };
    const before = await state(funded.id);
    expect(await commitHooks.run(hook, () => openInOneStatement(db(), { userId: funded.id, boxId: BOX, count: 1 }, box))).toBeNull();
    expect(await state(funded.id)).toEqual(before);
  });
});
