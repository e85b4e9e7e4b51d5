import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { runInTransaction } from '../db/tx.js';
import { queryRows, toInt } from '../db/rows.js';
import { createTestDatabase, usingPostgres } from '../../testing/test-db.js';
import { expectBooksBalanced, givenUser } from '../../testing/factories.js';
import { AppError } from '../errors.js';
import { credit, debit, getBalances, houseAccountId, spend, transfer } from './index.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

const countTransfers = async () =>
  toInt((await queryRows<{ n: unknown }>(database.db, sql`SELECT count(*) AS n FROM ledger_transfers`))[0]?.n);

describe('ledger', () => {
  it('credits a user from a house account and keeps the books at zero', async () => {
    const user = await givenUser(database.db);
    const t = await runInTransaction(database.db, ({ tx }) =>
      credit(tx, { userId: user.id, kind: 'coin', amountFen: 12_345, from: 'payment_clearing', code: 'deposit' }),
    );
    expect(t.creditBalanceAfterFen).toBe(12_345);
    expect(t.debitAccountId).toBe(houseAccountId('payment_clearing', user.id));
    expect(await getBalances(database.db, user.id)).toEqual({ coinFen: 12_345, pointFen: 0, secondaryFen: 0 });
    await expectBooksBalanced(database.db);
  });

  it('spends coins first, then points', async () => {
    const user = await givenUser(database.db, { coinsFen: 300, pointsFen: 500 });
    const result = await runInTransaction(database.db, ({ tx }) =>
      spend(tx, { userId: user.id, amountFen: 700, to: 'revenue', code: 'case_open', refType: 'test', refId: 1 }),
    );
    expect(result).toMatchObject({ coinFen: 300, pointFen: 400, duplicate: false });
    expect(result.transfers).toHaveLength(2);
    expect(await getBalances(database.db, user.id)).toEqual({ coinFen: 0, pointFen: 100, secondaryFen: 0 });
    await expectBooksBalanced(database.db);
  });

  it('refuses a spend the user cannot afford and writes nothing', async () => {
    const user = await givenUser(database.db, { coinsFen: 100, pointsFen: 50 });
    const before = await countTransfers();
    const attempt = runInTransaction(database.db, ({ tx }) =>
      spend(tx, { userId: user.id, amountFen: 151, to: 'revenue', code: 'case_open' }),
    );
    await expect(attempt).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(await countTransfers()).toBe(before);
    expect(await getBalances(database.db, user.id)).toEqual({ coinFen: 100, pointFen: 50, secondaryFen: 0 });
    await expectBooksBalanced(database.db);
  });

  it('refuses a single-account debit beyond the balance', async () => {
    const user = await givenUser(database.db, { secondaryFen: 10 });
    const attempt = runInTransaction(database.db, ({ tx }) =>
      debit(tx, { userId: user.id, kind: 'secondary', amountFen: 11, to: 'revenue', code: 'secondary_transfer' }),
    );
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
  });

  it('rolls back every leg when a later step of the same transaction fails', async () => {
    const user = await givenUser(database.db, { coinsFen: 1_000 });
    const attempt = runInTransaction(database.db, async ({ tx }) => {
      await spend(tx, { userId: user.id, amountFen: 400, to: 'revenue', code: 'case_open' });
      throw new AppError('NOT_FOUND', 'a later step failed');
    });
    await expect(attempt).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await getBalances(database.db, user.id)).coinFen).toBe(1_000);
    await expectBooksBalanced(database.db);
  });

  it('moves money once for a repeated idempotency key and refuses the key for another amount', async () => {
    const user = await givenUser(database.db);
    const move = (amountFen: number) =>
      runInTransaction(database.db, ({ tx }) =>
        credit(tx, {
          userId: user.id,
          kind: 'coin',
          amountFen,
          from: 'payment_clearing',
          code: 'deposit',
          idempotencyKey: `dep-${user.id}`,
        }),
      );
    const first = await move(500);
    const second = await move(500);
    expect(first.duplicate).toBe(false);
    expect(second).toMatchObject({ duplicate: true, id: first.id });
    expect((await getBalances(database.db, user.id)).coinFen).toBe(500);
    await expect(move(900)).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect((await getBalances(database.db, user.id)).coinFen).toBe(500);
    await expectBooksBalanced(database.db);
  });

  it('refuses zero, negative and fractional amounts', async () => {
    const user = await givenUser(database.db, { coinsFen: 100 });
    for (const amountFen of [0, -5, 1.5, Number.NaN]) {
      const attempt = runInTransaction(database.db, ({ tx }) =>
        transfer(tx, { from: { userId: user.id, kind: 'coin' }, to: { house: 'revenue', shardKey: 1 }, amountFen, code: 'case_open' }),
      );
      await expect(attempt).rejects.toMatchObject({ code: 'AMOUNT_INVALID' });
    }
  });

  it('has a database CHECK that stops any write making a user balance negative', async () => {
    const user = await givenUser(database.db, { coinsFen: 5 });
    const attempt = database.db.execute(
      sql`UPDATE ledger_accounts SET balance_fen = balance_fen - 6 WHERE user_id = ${user.id} AND kind = 'coin'`,
    );
    await expect(attempt).rejects.toThrow();
    expect((await getBalances(database.db, user.id)).coinFen).toBe(5);
  });

  it('refuses a transfer to an account that does not exist', async () => {
    const user = await givenUser(database.db, { coinsFen: 100 });
    const attempt = runInTransaction(database.db, ({ tx }) =>
      transfer(tx, { from: { userId: user.id, kind: 'coin' }, to: { accountId: 987_654_321 }, amountFen: 10, code: 'adjustment' }),
    );
    await expect(attempt).rejects.toMatchObject({ code: 'ACCOUNT_MISSING' });
    expect((await getBalances(database.db, user.id)).coinFen).toBe(100);
  });
});

// PGlite has one connection and cannot race; these prove the locking on a real PostgreSQL (CI has one).
describe.skipIf(!usingPostgres())('ledger under concurrency (PostgreSQL)', () => {
  it('200 concurrent debits against an account that can afford 50 give exactly 50 successes', async () => {
    const user = await givenUser(database.db, { coinsFen: 50 * 100 });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () =>
        runInTransaction(database.db, ({ tx }) => spend(tx, { userId: user.id, amountFen: 100, to: 'revenue', code: 'case_open' })),
      ),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected' && (r.reason as AppError).code === 'INSUFFICIENT_BALANCE');
    expect(succeeded).toBe(50);
    expect(refused).toHaveLength(150);
    expect(await getBalances(database.db, user.id)).toEqual({ coinFen: 0, pointFen: 0, secondaryFen: 0 });
    await expectBooksBalanced(database.db);
  });

  it('concurrent transfers with one idempotency key move money once', async () => {
    const user = await givenUser(database.db);
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        runInTransaction(database.db, ({ tx }) =>
          credit(tx, {
            userId: user.id,
            kind: 'coin',
            amountFen: 700,
            from: 'payment_clearing',
            code: 'deposit',
            idempotencyKey: `race-${user.id}`,
          }),
        ),
      ),
    );
    const fulfilled = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(fulfilled).toHaveLength(30);
    expect(fulfilled.filter((t) => !t.duplicate)).toHaveLength(1);
    expect((await getBalances(database.db, user.id)).coinFen).toBe(700);
    await expectBooksBalanced(database.db);
  });
});
