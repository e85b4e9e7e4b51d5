import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { caseRoll, pickByRoll, publicHash } from '@skinfair/fairness';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { browserClientSeed, expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call, PASSWORD, refused, registerUser, smsCodeFor } from '../../testing/auth-helpers.js';
import { startFakeOpenIdProvider, type FakeOpenIdProvider } from '../../testing/fake-openid-provider.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { usingPostgres } from '../../testing/test-db.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { credit } from '../../platform/ledger/index.js';

/**
 * Issue 24 §13 (decision 0049): the client seed is the player's. The server takes the browser's at
 * sign-up and at each login (only where the active pair has none), never makes one up, and refuses every
 * roll on a pair without one before anything is spent.
 */
let t: TestApp;
let provider: FakeOpenIdProvider;
let boxId: number;
let boxPrice: number;
beforeAll(async () => {
  provider = await startFakeOpenIdProvider();
  t = await buildTestApp({
    env: { STEAM_OPENID_ENDPOINT: provider.endpoint, PUBLIC_URL: 'http://localhost:8080' },
  });
  const [box] = await queryRows<{ id: unknown; price_fen: unknown }>(
    db(),
    sql`SELECT id, price_fen FROM boxes WHERE box_type = 1 AND enabled ORDER BY price_fen, id LIMIT 1`,
  );
  boxId = toInt(box!.id);
  boxPrice = toInt(box!.price_fen);
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const db = () => t.database.db;
type Player = { userId: number; token: string };

const currentKey = async (p: Player) =>
  (await call(t.app, 'GET', '/api/key/currentKey', {}, p.token)).data as {
    publicHash: string;
    clientSeed: string | null;
    nonce: number;
  };
const openCase = (p: Player) => call(t.app, 'POST', '/api/case/openCase', { caseId: boxId, number: 2 }, p.token);
const setSeed = (p: Player, clientSeed: string) => call(t.app, 'POST', '/api/key/clientSeed', { clientSeed }, p.token);
const coinsOf = async (p: Player) => (await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, p.token)).data.balance as number;
const giveCoins = (userId: number, amountFen: number) =>
  runInTransaction(db(), ({ tx }) => credit(tx, { userId, kind: 'coin', amountFen, from: 'promotions', code: 'demo_credit' }));

async function pairsOf(userId: number) {
  return queryRows<{ state: string; client_seed: string | null; nonce: unknown }>(
    db(),
    sql`SELECT state, client_seed, nonce FROM seed_pairs WHERE user_id = ${userId} ORDER BY id`,
  );
}
const rollsOf = async (userId: number) =>
  toInt((await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM rolls WHERE user_id = ${userId}`))[0]!.n);

async function seedless(coinsFen: number): Promise<Player> {
  const user = await givenUser(db(), { coinsFen, clientSeed: null });
  return { userId: user.id, token: await givenSession(db(), user.id) };
}

describe('sign-up', () => {
  it('without a client seed makes pairs with none, shows none, and refuses an opening without spending or using a nonce', async () => {
    const p = await registerUser(t.app, db(), { clientSeed: '' });
    expect(await pairsOf(p.userId)).toEqual([
      { state: 'active', client_seed: null, nonce: 0 },
      { state: 'next', client_seed: null, nonce: 0 },
    ]);
    expect(await currentKey(p)).toMatchObject({ clientSeed: null, nonce: 0 });
    await giveCoins(p.userId, 10 * boxPrice);
    const before = await coinsOf(p);

    expect(await openCase(p)).toEqual(refused('CLIENT_SEED_MISSING'));
    expect(await coinsOf(p)).toBe(before);
    expect(await rollsOf(p.userId)).toBe(0);
    expect(await currentKey(p)).toMatchObject({ clientSeed: null, nonce: 0 });
    await expectBooksBalanced(db());
  });

  it('with the browser’s client seed rolls on it: a revealed roll re-derives with that seed', async () => {
    const seed = browserClientSeed();
    const p = await registerUser(t.app, db(), { clientSeed: seed });
    expect((await pairsOf(p.userId)).map((r) => r.client_seed)).toEqual([seed, seed]);
    const key = await currentKey(p);
    expect(key).toMatchObject({ clientSeed: seed, nonce: 0 });
    await giveCoins(p.userId, 10 * boxPrice);
    const opened = await openCase(p);
    expect(opened.status).toBe(0);

    // Rotating reveals the pair the two rolls were made on.
    expect((await call(t.app, 'POST', '/api/key/reset', {}, p.token)).data.clientSeed).toBe(seed);
    for (const [k, result] of (opened.data.results as Array<{ verifyId: number }>).entries()) {
      const roll = (await call(t.app, 'GET', '/api/key/verifyById', { verifyId: result.verifyId }, p.token)).data;
      expect(roll).toMatchObject({ clientSeed: seed, nonce: k, publicHash: key.publicHash });
      expect(publicHash(roll.serverSeed, roll.secretSalt)).toBe(key.publicHash);
      const { rollCode } = caseRoll(roll.serverSeed, seed, k);
      expect(rollCode).toBe(roll.rollCode);
      expect(pickByRoll(roll.ranges, rollCode).itemId).toBe(roll.itemId);
    }
  });

  it('refuses a client seed outside PF v1 §1', async () => {
    const mobile = `139${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    const code = await smsCodeFor(t.app, db(), mobile, 'signUp');
    const res = await call(t.app, 'POST', '/api/auth/signUp', {
      mobile,
      password: PASSWORD,
      code,
      adult: true,
      agreement: true,
      clientSeed: 'bad seed!',
    });
    expect(res).toEqual(refused('CLIENT_SEED_INVALID'));
  });
});

describe('logins', () => {
  it('a password or SMS login fills a missing client seed once and never overwrites one', async () => {
    const p = await registerUser(t.app, db(), { clientSeed: '' });
    const first = browserClientSeed();
    expect(
      (
        await call(t.app, 'POST', '/api/auth/login', {
          mobile: p.mobile,
          password: PASSWORD,
          clientSeed: first,
        })
      ).status,
    ).toBe(0);
    expect(await currentKey(p)).toMatchObject({ clientSeed: first });

    const code = await smsCodeFor(t.app, db(), p.mobile, 'smsLogin');
    expect(
      (
        await call(t.app, 'POST', '/api/auth/smsLogin', {
          mobile: p.mobile,
          code,
          clientSeed: browserClientSeed(),
        })
      ).status,
    ).toBe(0);
    expect(
      (
        await call(t.app, 'POST', '/api/auth/login', {
          mobile: p.mobile,
          password: PASSWORD,
          clientSeed: browserClientSeed(),
        })
      ).status,
    ).toBe(0);
    expect(await currentKey(p)).toMatchObject({ clientSeed: first });
    expect((await pairsOf(p.userId)).map((r) => r.client_seed)).toEqual([first, first]);
  });

  it('an existing account keeps its pair: a login with another seed leaves it as it was', async () => {
    const seed = browserClientSeed();
    const p = await registerUser(t.app, db(), { clientSeed: seed });
    const before = await currentKey(p);
    expect(
      (
        await call(t.app, 'POST', '/api/auth/login', {
          mobile: p.mobile,
          password: PASSWORD,
          clientSeed: browserClientSeed(),
        })
      ).status,
    ).toBe(0);
    expect(await currentKey(p)).toEqual(before);
  });

  it('a Steam sign-up has no seed until the exchange brings the browser’s', async () => {
    const start = await t.app.inject({
      method: 'GET',
      url: '/api/auth/steamLogin?callbackUrl=%2F&adult=true',
    });
    const cookies = [start.headers['set-cookie'] ?? []].flat() as string[];
    const cookie = (name: string) => cookies.find((c) => c.startsWith(`${name}=`))!.split(';')[0]!;
    const returnTo = new URL(start.headers.location as string).searchParams.get('openid.return_to')!;
    const steamId = `7656119${String(9_000_000_000 + process.pid).padStart(10, '0')}`;
    const back = await t.app.inject({
      method: 'GET',
      url: provider.approve(returnTo, steamId),
      headers: { cookie: cookie('sf_openid_state') },
    });
    const landing = new URL(back.headers.location as string, 'http://localhost:8080');
    const userId = toInt((await queryRows<{ id: unknown }>(db(), sql`SELECT id FROM users WHERE steam_id = ${steamId}`))[0]!.id);
    expect((await pairsOf(userId)).every((r) => r.client_seed === null)).toBe(true);

    const seed = browserClientSeed();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/steamExchange',
      headers: { cookie: cookie('sf_steam_login') },
      payload: { code: landing.searchParams.get('code')!, clientSeed: seed },
    });
    expect(res.json()).toMatchObject({ status: 0, data: { userId, register: true } });
    expect(await currentKey({ userId, token: res.json().data.token })).toMatchObject({ clientSeed: seed });
  });
});

describe('a pair without a client seed', () => {
  it('never gets one made up: current key, rotation and a refused roll all leave it empty', async () => {
    const p = await seedless(10 * boxPrice);
    expect(await currentKey(p)).toMatchObject({ clientSeed: null });
    expect((await call(t.app, 'POST', '/api/key/reset', {}, p.token)).data).toMatchObject({
      clientSeed: null,
      nonce: 0,
    });
    expect(await openCase(p)).toEqual(refused('CLIENT_SEED_MISSING'));
    expect((await pairsOf(p.userId)).map((r) => r.client_seed)).toEqual([null, null, null]);
  });

  it('is given the browser’s seed by POST /api/key/clientSeed, once; then the roll goes through on it', async () => {
    const p = await seedless(10 * boxPrice);
    expect(await call(t.app, 'POST', '/api/key/clientSeed', { clientSeed: 'x' })).toEqual(refused('NOT_LOGGED_IN'));
    expect(await setSeed(p, 'not ok')).toEqual(refused('CLIENT_SEED_INVALID'));
    const seed = browserClientSeed();
    const set = await setSeed(p, seed);
    expect(set).toMatchObject({ status: 0, data: { clientSeed: seed, nonce: 0 } });
    // A change is a rotation, which reveals the old pair; this call only fills a gap.
    expect(await setSeed(p, browserClientSeed())).toEqual(refused('CLIENT_SEED_ALREADY_SET'));
    expect(await currentKey(p)).toMatchObject({ clientSeed: seed });

    const opened = await openCase(p);
    expect(opened.status).toBe(0);
    expect(await currentKey(p)).toMatchObject({ clientSeed: seed, nonce: 2 });
    await expectBooksBalanced(db());
  });

  it('refuses a dream before anything is staked or spent', async () => {
    const p = await seedless(1_000_000);
    const before = await coinsOf(p);
    const [target] = await queryRows<{ id: unknown }>(
      db(),
      sql`UPDATE items SET recovery_price_fen = 20000 WHERE id = (SELECT max(id) FROM items) RETURNING id`,
    );
    const res = await call(
      t.app,
      'POST',
      '/api/upgrade/startUpgrade',
      { upgradeGiftId: toInt(target!.id), probability: 50_000, vouchers: '', quantity: 1_000_000 },
      p.token,
    );
    expect(res).toEqual(refused('CLIENT_SEED_MISSING'));
    expect(await coinsOf(p)).toBe(before);
    expect(await rollsOf(p.userId)).toBe(0);
    expect(await currentKey(p)).toMatchObject({ nonce: 0 });
  });

  it('cannot take a battle seat (create or join) and pays nothing; a seat snapshots the seed it has', async () => {
    const host = await givenUser(db(), { coinsFen: 10 * boxPrice, clientSeed: 'host-seed_1' });
    const hostToken = await givenSession(db(), host.id);
    const created = await call(t.app, 'POST', '/api/battle/create', { boxLists: `${boxId}`, countCustomer: 2 }, hostToken);
    expect(created.status).toBe(0);
    expect(created.data.customerList).toEqual([expect.objectContaining({ pos: 1, clientSeed: 'host-seed_1' })]);

    const p = await seedless(10 * boxPrice);
    const before = await coinsOf(p);
    expect(await call(t.app, 'POST', '/api/battle/create', { boxLists: `${boxId}`, countCustomer: 2 }, p.token)).toEqual(
      refused('CLIENT_SEED_MISSING'),
    );
    const join = () => call(t.app, 'POST', '/api/battle/joinBattle', { battleCode: created.data.battleCode }, p.token);
    expect(await join()).toEqual(refused('CLIENT_SEED_MISSING'));
    expect(await coinsOf(p)).toBe(before);
    const room = (await call(t.app, 'GET', '/api/battle/getBattleDetail', { battleCode: created.data.battleCode })).data;
    expect(room.customerList).toHaveLength(1);

    await setSeed(p, 'joiner-seed');
    const joined = await join();
    expect(joined.status).toBe(0);
    expect(joined.data.customerList.map((s: { pos: number; clientSeed: string }) => [s.pos, s.clientSeed])).toEqual([
      [1, 'host-seed_1'],
      [2, 'joiner-seed'],
    ]);
    await expectBooksBalanced(db());
  });
});

describe.skipIf(!usingPostgres())('a missing client seed under concurrency (PostgreSQL)', () => {
  it('ten browsers giving a seed at once: exactly one is taken, for the active and the next pair alike', async () => {
    const p = await seedless(10 * boxPrice);
    const seeds = Array.from({ length: 10 }, () => browserClientSeed());
    const answers = await Promise.all(seeds.map((seed) => setSeed(p, seed)));
    const taken = answers.filter((a) => a.status === 0);
    expect(taken).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 0)).toEqual(Array(9).fill(refused('CLIENT_SEED_ALREADY_SET')));
    const winner = taken[0]!.data.clientSeed as string;
    expect(seeds).toContain(winner);
    expect((await pairsOf(p.userId)).map((r) => r.client_seed)).toEqual([winner, winner]);
  });

  it('openings racing the first seed: each is either refused whole or rolls on the seed that was set', async () => {
    const p = await seedless(20 * boxPrice);
    const seed = browserClientSeed();
    const answers = await Promise.all([...Array.from({ length: 5 }, () => openCase(p)), setSeed(p, seed)]);
    const opened = answers.slice(0, 5).filter((a) => a.status === 0);
    for (const a of answers.slice(0, 5)) if (a.status !== 0) expect(a).toEqual(refused('CLIENT_SEED_MISSING'));
    expect(answers[5]!.status).toBe(0);
    expect(await currentKey(p)).toMatchObject({ clientSeed: seed, nonce: opened.length * 2 });
    expect(await rollsOf(p.userId)).toBe(opened.length * 2);
    await expectBooksBalanced(db());
  });
});
