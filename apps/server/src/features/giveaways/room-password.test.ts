import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { call, refused } from '../../testing/auth-helpers.js';
import { usingPostgres } from '../../testing/test-db.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { grantItems } from '../backpack/index.js';
import { ROOM_PASSWORD_BUDGET } from './password-guesses.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const PASSWORD = 'open-sesame';
type Player = { id: number; token: string };

async function verifiedPlayer(): Promise<Player> {
  const user = await givenUser(db());
  await db().execute(sql`UPDATE users SET verified_at = now() WHERE id = ${user.id}`);
  return { id: user.id, token: await givenSession(db(), user.id) };
}

/** A player's own room with one prize and a password, made through the API. */
async function lockedRoom(): Promise<number> {
  const host = await verifiedPlayer();
  const [item] = await queryRows<{ id: unknown; p: unknown }>(db(), sql`SELECT id, recovery_price_fen AS p FROM items ORDER BY id LIMIT 1`);
  const [granted] = await runInTransaction(db(), ({ tx }) =>
    grantItems(tx, host.id, [{ itemId: toInt(item!.id), recoveryPriceFen: toInt(item!.p) }], {
      sourceType: 'case',
      sourceId: null,
    }),
  );
  const openTime = new Date(Date.now() + 30 * 60_000).toISOString();
  const res = await call(
    t.app,
    'POST',
    '/api/giveaway/create',
    { title: '密码房', openTime, vouchers: String(granted!.id), pwd: PASSWORD },
    host.token,
  );
  expect(res.status).toBe(0);
  return res.data.id as number;
}

const join = async (p: Player, giveawayId: number, pwd: string) =>
  (await call(t.app, 'POST', '/api/giveaway/partake', { giveawayId, pwd }, p.token)).status;
const entries = async (giveawayId: number) =>
  toInt((await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM giveaway_entries WHERE giveaway_id = ${giveawayId}`))[0]?.n);
/** Moves the clock past the wait a player's guesses earned, as if they had waited it out. */
const waitOut = (p: Player, giveawayId: number) =>
  db().execute(
    sql`UPDATE throttles SET blocked_until = now() - interval '1 second' WHERE key = ${`giveaway-pwd:${giveawayId}:user:${p.id}`}`,
  );

const WRONG = refused('GIVEAWAY_PASSWORD_WRONG').status;
const SPENT = refused('GIVEAWAY_PASSWORD_TOO_MANY_TRIES').status;

describe('giveaway room password guesses (issue 24 §9)', () => {
  it('after the free guesses even the right password is refused with the budget error', async () => {
    const room = await lockedRoom();
    const p = await verifiedPlayer();
    const statuses = [];
    for (let i = 0; i < ROOM_PASSWORD_BUDGET.free; i++) statuses.push(await join(p, room, `guess-${i}`));
    expect(statuses).toEqual(Array(ROOM_PASSWORD_BUDGET.free).fill(WRONG));
    expect(await call(t.app, 'POST', '/api/giveaway/partake', { giveawayId: room, pwd: PASSWORD }, p.token)).toEqual(
      refused('GIVEAWAY_PASSWORD_TOO_MANY_TRIES'),
    );
    expect(await join(p, room, 'guess-x')).toBe(SPENT);
    expect(await entries(room)).toBe(0);

    // The budget is the player's in this room: another player, or this player in another room, still guesses.
    expect(await join(await verifiedPlayer(), room, PASSWORD)).toBe(0);
    expect(await join(p, await lockedRoom(), 'guess-y')).toBe(WRONG);
  });

  it('each wait waited out buys one guess, and a right password then joins', async () => {
    const room = await lockedRoom();
    const p = await verifiedPlayer();
    for (let i = 0; i < ROOM_PASSWORD_BUDGET.free; i++) expect(await join(p, room, `guess-${i}`)).toBe(WRONG);
    await waitOut(p, room);
    expect(await join(p, room, 'guess-a')).toBe(WRONG);
    expect(await join(p, room, 'guess-b')).toBe(SPENT);
    await waitOut(p, room);
    expect(await join(p, room, PASSWORD)).toBe(0);
    expect(await entries(room)).toBe(1);
  });

  it('a player who joined is told so whatever password they send, and spends no guess', async () => {
    const room = await lockedRoom();
    const p = await verifiedPlayer();
    expect(await join(p, room, PASSWORD)).toBe(0);
    for (let i = 0; i < ROOM_PASSWORD_BUDGET.free + 2; i++)
      expect(await join(p, room, `guess-${i}`)).toBe(refused('GIVEAWAY_ALREADY_JOINED').status);
    expect(await join(p, room, PASSWORD)).toBe(refused('GIVEAWAY_ALREADY_JOINED').status);
  });
});

describe.skipIf(!usingPostgres())('giveaway room password guesses under concurrency (PostgreSQL)', () => {
  it("30 concurrent guesses compare the password at most the budget's number of times", async () => {
    const room = await lockedRoom();
    const p = await verifiedPlayer();
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => join(p, room, i === 29 ? PASSWORD : `guess-${i}`)));
    const compared = statuses.filter((s) => s !== SPENT);
    expect(compared.length).toBe(ROOM_PASSWORD_BUDGET.free);
    expect(statuses.filter((s) => s === SPENT)).toHaveLength(30 - ROOM_PASSWORD_BUDGET.free);
    expect(compared.every((s) => s === WRONG || s === 0)).toBe(true);
  });
});
