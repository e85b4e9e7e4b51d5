import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ByteStream, caseRoll, dreamRoll, uniformInt } from '@skinfair/fairness';
import type { Database } from '../../platform/db/client.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { createTestDatabase } from '../../testing/test-db.js';

/**
 * Issue 28: PF v1 has a second implementation, inside the database (migration 0045, pgcrypto's HMAC), so a
 * play can draw its roll in the statement that takes its nonce. Both must agree on every published vector
 * and on 10^5 random cases, on the database this run uses (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

// shared/design/provably-fair.md's vectors (packages/fairness/src/vectors.test.ts checks the same ones in JS).
const ACTIVE_SEED = 'c794c6117b935b80569767706298deaac5aadd8ffd185689b5cc6cd8e6ab84c7';
const CLIENT_SEED = 'lucky-Panda_2025';

const sqlRollCode = async (seed: string, prefix: string) =>
  toInt((await queryRows<{ code: unknown }>(database.db, sql`SELECT pf_roll_code(${seed}, ${prefix}) AS code`))[0]!.code);

/** The database's answers for many cases in one statement (three array parameters, one row per case, in order). */
async function sqlUniformInts(cases: Array<{ seed: string; prefix: string; n: number }>): Promise<number[]> {
  const rows = await queryRows<{ v: unknown }>(
    database.db,
    sql`SELECT pf_uniform_int(t.seed, t.prefix, t.n) AS v
        FROM unnest(${sql.param(cases.map((c) => c.seed))}::text[], ${sql.param(cases.map((c) => c.prefix))}::text[],
                    ${sql.param(cases.map((c) => String(c.n)))}::bigint[])
          WITH ORDINALITY AS t(seed, prefix, n, i)
        ORDER BY t.i`,
  );
  return rows.map((r) => toInt(r.v));
}

const clientSeedChars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const randomClientSeed = () => Array.from({ length: randomInt(1, 65) }, () => clientSeedChars[randomInt(clientSeedChars.length)]).join('');

describe('PF v1 in SQL agrees with packages/fairness', () => {
  it('on the published vectors: TV2 openings, TV3 rejection, TV5 dreams', async () => {
    for (const [nonce, code] of [
      [0, 57824],
      [1, 95850],
      [2, 98710],
      [50782, 63491], // TV3: the first u32 (4294948405) is rejected, the second kept
    ] as const) {
      expect(caseRoll(ACTIVE_SEED, CLIENT_SEED, nonce).rollCode).toBe(code);
      expect(await sqlRollCode(ACTIVE_SEED, `case:${CLIENT_SEED}:${nonce}`)).toBe(code);
    }
    for (const [nonce, code] of [
      [3, 64289],
      [4, 26390],
      [5, 4658],
    ] as const) {
      expect(dreamRoll(ACTIVE_SEED, CLIENT_SEED, nonce).rollCode).toBe(code);
      expect(await sqlRollCode(ACTIVE_SEED, `dream:${CLIENT_SEED}:${nonce}`)).toBe(code);
    }
  });

  it('on 10^5 random seeds, prefixes and ranges, rejections and later blocks included', async () => {
    const cases = Array.from({ length: 100_000 }, (_, i) => {
      const seed = randomBytes(32).toString('hex');
      const prefix =
        i % 2 ? `case:${randomClientSeed()}:${randomInt(0, 2 ** 31)}` : `dream:${randomClientSeed()}:${randomInt(0, 1_000_000)}`;
      // Mostly the roll space; some small n (ties, giveaways) and some just past 2^31, where half the u32s
      // are rejected and the stream runs into block 1 and beyond.
      const n = i % 10 === 0 ? randomInt(1, 50) : i % 10 === 1 ? 2 ** 31 + randomInt(1, 1000) : 100_000;
      return { seed, prefix, n };
    });
    const expected = cases.map((c) => uniformInt(new ByteStream(c.seed, c.prefix), c.n));
    const got: number[] = [];
    for (let i = 0; i < cases.length; i += 20_000) got.push(...(await sqlUniformInts(cases.slice(i, i + 20_000))));
    const mismatches = cases.map((c, i) => ({ ...c, js: expected[i], sql: got[i] })).filter((c) => c.js !== c.sql);
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(got).toHaveLength(cases.length);
  }, 300_000);

  it('reads past the first block exactly as the JS stream does', async () => {
    // n = 2^32 − 1: only u32 = 2^32 − 1 is rejected; n = 2^31 + 1 rejects almost half. Find a case that needs
    // block 1 and check both agree on it.
    let found: { seed: string; prefix: string } | null = null;
    for (let i = 0; i < 10_000 && !found; i++) {
      const seed = randomBytes(32).toString('hex');
      const stream = new ByteStream(seed, `t:${i}`);
      uniformInt(stream, 2 ** 31 + 1);
      if (stream.blocks.length > 1) found = { seed, prefix: `t:${i}` };
    }
    expect(found).not.toBeNull();
    const js = uniformInt(new ByteStream(found!.seed, found!.prefix), 2 ** 31 + 1);
    expect(await sqlUniformInts([{ ...found!, n: 2 ** 31 + 1 }])).toEqual([js]);
  });

  it('refuses a range outside 1..2^32', async () => {
    await expect(sqlUniformInts([{ seed: ACTIVE_SEED, prefix: 'x', n: 0 }])).rejects.toThrow();
    await expect(sqlUniformInts([{ seed: ACTIVE_SEED, prefix: 'x', n: 2 ** 32 + 1 }])).rejects.toThrow();
  });
});
