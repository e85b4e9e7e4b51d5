import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorStatus } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { adminCall, givenOperator } from '../../testing/operators.js';
import { startSteamTradeStub, type SteamTradeStub } from '../../testing/stubs/steam-trade-stub.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { createJobRunner, type JobRunner } from '../../platform/jobs/index.js';
import { createAppContext, registerJobHandlers } from '../../app.js';
import { createSteamTradeClient } from '../../platform/providers/steam-bot/client.js';
import { createSteamBotFulfilmentProvider } from '../../platform/providers/steam-bot/fulfilment.js';
import type { SteamBotSettings } from '../../platform/providers/withdrawal-config.js';
import { marketHashName } from '../catalog/index.js';
import { grantItems } from './index.js';

/**
 * The withdrawal contract (issue 17), run against both real modes: the manual console queue and the Steam
 * trade bot (steam-user / steam-tradeoffer-manager / steamcommunity, talking HTTP to a local stub of Steam's
 * endpoints). Either way a withdrawal ends delivered (3) with the Steam trade offer id that delivered it, or
 * undelivered (4) with the item back in the backpack exactly once.
 */
const P = '/api/personalCenter';
const silent = { info() {}, warn() {}, error() {} };
const BOT_STEAM_ID = '76561198000000001';
const IDENTITY_SECRET = randomBytes(20).toString('base64');
const API_KEY = randomBytes(16).toString('hex').toUpperCase();
const ACCESS_TOKEN = 'eyJhbGciOiJFZERTQSJ9.stub.token';
const SESSION_ID = randomBytes(12).toString('hex');

interface Harness {
  t: TestApp;
  runner: JobRunner;
  operator: { token: string };
}

async function harness(env: Record<string, string>): Promise<Harness> {
  const t = await buildTestApp({ env });
  const runner = createJobRunner({
    db: t.database.db,
    logger: silent,
    pollMs: 60_000,
    nodeId: `modes-${env.WITHDRAWAL_MODE}`,
  });
  registerJobHandlers(runner, createAppContext({ config: t.config, database: t.database, live: t.live }));
  const operator = await givenOperator(t.app, t.database.db, 'support');
  return { t, runner, operator };
}

/** Every due job now (the first step waits 2 s, polls wait STEAM_BOT_POLL_MS, failed sends back off). */
async function runJobs(h: Harness) {
  await h.t.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE state = 'pending'`);
  await h.runner.runOnce();
}

let partnerSeq = 40_000;
/** A player with one item who asks to withdraw it to `token`'s trade link. */
async function givenWithdrawal(h: Harness, opts: { token?: string } = {}) {
  const db = h.t.database.db;
  const user = await givenUser(db);
  const session = await givenSession(db, user.id);
  const [item] = await queryRows<{
    id: unknown;
    template_id: unknown;
    exterior: string | null;
    stat_trak: boolean;
  }>(db, sql`SELECT id, template_id, exterior, stat_trak FROM items ORDER BY id LIMIT 1`);
  const [inv] = await runInTransaction(db, ({ tx }) =>
    grantItems(tx, user.id, [{ itemId: toInt(item!.id), recoveryPriceFen: 2_000 }], {
      sourceType: 'case',
      sourceId: null,
    }),
  );
  const partner = ++partnerSeq;
  const token = opts.token ?? `Tok${partner}x`;
  const tradeUrl = `https://steamcommunity.com/tradeoffer/new/?partner=${partner}&token=${token}`;
  expect((await call(h.t.app, 'POST', `${P}/modifyTradeUrl`, { tradeUrl }, session)).status).toBe(0);
  expect((await call(h.t.app, 'POST', `${P}/ornamentRetrieval`, { ids: String(inv!.id) }, session)).status).toBe(0);
  const [r] = await queryRows<{ id: unknown }>(db, sql`SELECT id FROM retrievals WHERE inventory_item_id = ${inv!.id}`);
  const name = marketHashName({
    templateId: toInt(item!.template_id),
    exterior: item!.exterior,
    statTrak: item!.stat_trak,
  })!;
  return {
    userId: user.id,
    session,
    itemId: inv!.id,
    retrievalId: toInt(r!.id),
    partner,
    token,
    marketHashName: name,
  };
}
type Withdrawal = Awaited<ReturnType<typeof givenWithdrawal>>;

const record = async (h: Harness, w: Withdrawal) =>
  (
    (await call(h.t.app, 'GET', `${P}/getMyRetrievalPage`, { pageSize: 100 }, w.session)).data.pageData as Array<Record<string, unknown>>
  ).find((r) => r.orderId === w.retrievalId)!;
const itemState = async (h: Harness, w: Withdrawal) =>
  (await queryRows<{ state: string }>(h.t.database.db, sql`SELECT state FROM inventory_items WHERE id = ${w.itemId}`))[0]!.state;
const returnedCount = async (h: Harness, w: Withdrawal) =>
  toInt(
    (
      await queryRows<{ n: unknown }>(
        h.t.database.db,
        sql`SELECT count(*) AS n FROM inventory_events WHERE inventory_item_id = ${w.itemId} AND to_state = 'in_backpack' AND reason = 'retrieval_failed'`,
      )
    )[0]?.n,
  );
const consoleRow = async (h: Harness, w: Withdrawal) =>
  (await adminCall(h.t.app, 'GET', '/api/admin/withdrawals', { userId: w.userId }, { adminToken: h.operator.token })).data.pageData[0] as {
    state: number;
    tradeOfferId: string | null;
  };
const operatorFail = (h: Harness, w: Withdrawal) =>
  adminCall(
    h.t.app,
    'POST',
    '/api/admin/withdrawals/fail',
    { id: w.retrievalId, reason: '玩家要求取消' },
    { adminToken: h.operator.token },
  );
const operatorComplete = (h: Harness, w: Withdrawal, tradeOfferId: string) =>
  adminCall(h.t.app, 'POST', '/api/admin/withdrawals/complete', { id: w.retrievalId, tradeOfferId }, { adminToken: h.operator.token });

/** How each mode delivers a withdrawal or lets it fail; the assertions after are the same for both. */
interface Mode {
  name: string;
  h: () => Harness;
  given: () => Promise<Withdrawal>;
  /** Runs the withdrawal to delivered; returns the trade offer id that delivered it. */
  deliver(w: Withdrawal): Promise<string>;
  /** Runs the withdrawal to undelivered. */
  undeliver(w: Withdrawal): Promise<void>;
}

let manual: Harness;
let bot: Harness;
let stub: SteamTradeStub;
const inventory: Record<string, string> = {};
let assetSeq = 30_000_000_000;

beforeAll(async () => {
  stub = await startSteamTradeStub({
    botSteamId: BOT_STEAM_ID,
    apiKey: API_KEY,
    accessToken: ACCESS_TOKEN,
    sessionId: SESSION_ID,
    identitySecret: IDENTITY_SECRET,
    inventory,
  });
  manual = await harness({ WITHDRAWAL_MODE: 'manual' });
  bot = await harness({
    WITHDRAWAL_MODE: 'steam-bot',
    STEAM_BOT_IDENTITY_SECRET: IDENTITY_SECRET,
    STEAM_BOT_API_KEY: API_KEY,
    STEAM_BOT_POLL_MS: '200',
    STEAM_BOT_WEB_API_URL: stub.url,
    STEAM_BOT_COMMUNITY_URL: stub.url,
    STEAM_BOT_WEB_COOKIES: `steamLoginSecure=${BOT_STEAM_ID}%7C%7C${ACCESS_TOKEN}; sessionid=${SESSION_ID}`,
  });
});
afterAll(async () => {
  await manual?.t.close();
  await bot?.t.close();
  await stub?.close();
});

/** A bot withdrawal whose player can receive offers and whose item the bot has in stock. */
async function givenBotWithdrawal(opts: { stocked?: boolean; registered?: boolean } = {}) {
  const w = await givenWithdrawal(bot);
  if (opts.registered !== false) stub.registerPlayer(w.partner, w.token);
  if (opts.stocked !== false) inventory[String(++assetSeq)] = w.marketHashName;
  return w;
}

/** Bot: 0 → 1 ("sending" recorded) → 2 (offer sent and confirmed); returns the offer. */
async function botSends(w: Withdrawal) {
  await runJobs(bot);
  expect(await record(bot, w)).toMatchObject({ state: 1 });
  await runJobs(bot);
  expect(await record(bot, w)).toMatchObject({ state: 2 });
  const offer = [...stub.offers.values()].find((o) => o.message.includes(`[skinfair:${w.retrievalId}]`))!;
  expect(offer).toMatchObject({ accountid_other: w.partner, token: w.token, trade_offer_state: 2 });
  return offer;
}

const modes: Mode[] = [
  {
    name: 'manual queue',
    h: () => manual,
    given: () => givenWithdrawal(manual),
    async deliver(w) {
      await runJobs(manual);
      // Nothing moves by itself: it waits for an operator at "awaiting shipment".
      expect(await record(manual, w)).toMatchObject({ state: 1, remark: '等待客服发货' });
      await runJobs(manual);
      expect(await record(manual, w)).toMatchObject({ state: 1 });
      const ref = String(8_100_000_000 + w.retrievalId);
      expect(await operatorComplete(manual, w, ref)).toMatchObject({ status: 0, data: { state: 3 } });
      return ref;
    },
    async undeliver(w) {
      await runJobs(manual);
      expect((await operatorFail(manual, w)).status).toBe(0);
    },
  },
  {
    name: 'Steam trade bot',
    h: () => bot,
    given: () => givenBotWithdrawal(),
    async deliver(w) {
      const offer = await botSends(w);
      stub.setState(offer.tradeofferid, 3);
      await runJobs(bot);
      return offer.tradeofferid;
    },
    async undeliver(w) {
      const offer = await botSends(w);
      stub.setState(offer.tradeofferid, 7);
      await runJobs(bot);
    },
  },
];

describe.each(modes)('withdrawal contract: $name', (mode) => {
  it('delivers: success (3) with the trade offer id shown to the player and on the console, the item gone once', async () => {
    const h = mode.h();
    const w = await mode.given();
    expect(await itemState(h, w)).toBe('retrieving');
    const ref = await mode.deliver(w);
    const r = await record(h, w);
    expect(r.state).toBe(3);
    expect(String(r.remark)).toContain(ref);
    expect(await itemState(h, w)).toBe('retrieved');
    expect(await consoleRow(h, w)).toMatchObject({ state: 3, tradeOfferId: ref });
    await runJobs(h);
    expect(await record(h, w)).toMatchObject({ state: 3 });
  });

  it('fails: (4) with the item back in the backpack exactly once, whatever runs afterwards', async () => {
    const h = mode.h();
    const w = await mode.given();
    await mode.undeliver(w);
    expect(await record(h, w)).toMatchObject({ state: 4 });
    expect(await itemState(h, w)).toBe('in_backpack');
    await runJobs(h);
    expect((await operatorFail(h, w)).status).toBe(errorStatus('ADMIN_WITHDRAWAL_STATE'));
    expect(await returnedCount(h, w)).toBe(1);
  });
});

describe('Steam trade bot', () => {
  it.each([
    ['declined', 7],
    ['expired', 5],
    ['cancelled', 6],
    ['invalid items', 8],
    ['cancelled by second factor', 10],
    ['countered', 4],
  ])('an offer that ends %s returns the item once', async (_name, state) => {
    const w = await givenBotWithdrawal();
    const offer = await botSends(w);
    stub.setState(offer.tradeofferid, state);
    await runJobs(bot);
    await runJobs(bot);
    expect(await record(bot, w)).toMatchObject({ state: 4 });
    expect(String((await record(bot, w)).remark)).toContain('饰品已退回背包');
    expect(await itemState(bot, w)).toBe('in_backpack');
    expect(await returnedCount(bot, w)).toBe(1);
  });

  it('keeps polling an open or escrowed offer without moving the item', async () => {
    const w = await givenBotWithdrawal();
    const offer = await botSends(w);
    await runJobs(bot);
    stub.setState(offer.tradeofferid, 11);
    await runJobs(bot);
    expect(await record(bot, w)).toMatchObject({ state: 2, remark: expect.stringContaining('暂挂') });
    expect(await itemState(bot, w)).toBe('retrieving');
    stub.setState(offer.tradeofferid, 3);
    await runJobs(bot);
    expect(await record(bot, w)).toMatchObject({ state: 3 });
  });

  it('sends one offer per withdrawal: after a send whose answer was lost, the restart adopts it instead of sending again', async () => {
    const w = await givenBotWithdrawal();
    await runJobs(bot); // 0 → 1: "sending" recorded
    const before = stub.sends.length;
    stub.loseNextSendAnswer();
    await runJobs(bot); // the offer exists at Steam, the step rolled back
    expect(stub.sends.length).toBe(before + 1);
    expect(await record(bot, w)).toMatchObject({ state: 1 });
    await runJobs(bot); // the restarted step finds it by its marker
    expect(stub.sends.length).toBe(before + 1);
    expect(await record(bot, w)).toMatchObject({ state: 2 });
    const offers = [...stub.offers.values()].filter((o) => o.message.includes(`[skinfair:${w.retrievalId}]`));
    expect(offers).toHaveLength(1);
    expect(offers[0]!.trade_offer_state).toBe(2); // confirmed after adoption
    expect((await consoleRow(bot, w)).tradeOfferId).toBe(offers[0]!.tradeofferid);
  });

  it('never puts one bot item into two open offers', async () => {
    const a = await givenBotWithdrawal();
    const b = await givenBotWithdrawal({ stocked: false });
    // Stock holds one item of this name for the two withdrawals (same catalogue item).
    await runJobs(bot);
    await runJobs(bot);
    const sent = [a, b].map((w) => [...stub.offers.values()].filter((o) => o.message.includes(`[skinfair:${w.retrievalId}]`)));
    const assets = sent.flat().map((o) => o.items_to_give[0]!.assetid);
    expect(new Set(assets).size).toBe(assets.length);
  });

  it('returns the item when Steam refuses the player (wrong token, cannot trade)', async () => {
    const w = await givenBotWithdrawal({ registered: false });
    await runJobs(bot);
    await runJobs(bot);
    expect(await record(bot, w)).toMatchObject({
      state: 4,
      remark: expect.stringContaining('无法向您的 Steam 账户发送报价'),
    });
    expect(await itemState(bot, w)).toBe('in_backpack');
  });

  it('waits, visibly, while the bot has no such item in stock', async () => {
    const w = await givenBotWithdrawal({ stocked: false });
    for (const k of Object.keys(inventory)) if (inventory[k] === w.marketHashName) delete inventory[k];
    await runJobs(bot);
    await runJobs(bot);
    expect(await record(bot, w)).toMatchObject({ state: 1, remark: '发货库存不足，等待补货' });
    inventory[String(++assetSeq)] = w.marketHashName;
    await runJobs(bot);
    expect(await record(bot, w)).toMatchObject({ state: 2 });
  });

  it('an operator fail cancels the open offer at Steam before the item returns; complete is refused meanwhile', async () => {
    const w = await givenBotWithdrawal();
    const offer = await botSends(w);
    expect((await operatorComplete(bot, w, '123456')).status).toBe(errorStatus('ADMIN_WITHDRAWAL_BOT_OFFER'));
    const approve = await adminCall(
      bot.t.app,
      'POST',
      '/api/admin/withdrawals/approve',
      { id: w.retrievalId },
      { adminToken: bot.operator.token },
    );
    expect(approve.status).toBe(errorStatus('ADMIN_WITHDRAWAL_BOT_OFFER'));
    expect((await operatorFail(bot, w)).status).toBe(0);
    expect(stub.offers.get(offer.tradeofferid)!.trade_offer_state).toBe(6);
    expect(await itemState(bot, w)).toBe('in_backpack');
    await runJobs(bot);
    expect(await returnedCount(bot, w)).toBe(1);
  });

  it('while Steam is down, steps wait and an operator fail changes nothing; both go on when it is back', async () => {
    const w = await givenBotWithdrawal();
    const offer = await botSends(w);
    stub.setOutage(true);
    try {
      await runJobs(bot);
      expect(await record(bot, w)).toMatchObject({ state: 2 });
      expect((await operatorFail(bot, w)).status).toBe(errorStatus('ADMIN_WITHDRAWAL_STEAM_UNAVAILABLE'));
      expect(await itemState(bot, w)).toBe('retrieving');
    } finally {
      stub.setOutage(false);
    }
    expect(stub.offers.get(offer.tradeofferid)!.trade_offer_state).toBe(2);
    expect((await operatorFail(bot, w)).status).toBe(0);
    expect(stub.offers.get(offer.tradeofferid)!.trade_offer_state).toBe(6);
    expect(await returnedCount(bot, w)).toBe(1);
  });

  it('an operator fail racing the bot sending leaves no open offer and returns the item once', async () => {
    const w = await givenBotWithdrawal();
    await runJobs(bot); // 0 → 1: the next step sends
    await bot.t.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE state = 'pending'`);
    const [, failed] = await Promise.all([bot.runner.runOnce(), operatorFail(bot, w)]);
    expect(failed.status).toBe(0);
    await runJobs(bot);
    const offers = [...stub.offers.values()].filter((o) => o.message.includes(`[skinfair:${w.retrievalId}]`));
    // Either the fail came first (nothing sent) or the send did (and the fail cancelled it).
    expect(offers.every((o) => o.trade_offer_state === 6)).toBe(true);
    expect(await record(bot, w)).toMatchObject({ state: 4 });
    expect(await returnedCount(bot, w)).toBe(1);
  });

  it('refuses to fail a withdrawal whose offer the player already accepted', async () => {
    const w = await givenBotWithdrawal();
    const offer = await botSends(w);
    stub.setState(offer.tradeofferid, 3);
    expect((await operatorFail(bot, w)).status).toBe(errorStatus('ADMIN_WITHDRAWAL_BOT_OFFER'));
    await runJobs(bot);
    expect(await record(bot, w)).toMatchObject({ state: 3 });
  });

  it('cancels an offer left unaccepted past STEAM_BOT_OFFER_TTL_MINUTES and returns the item', async () => {
    const w = await givenBotWithdrawal();
    const offer = await botSends(w);
    offer.time_created -= 2 * 86_400; // sent two days ago (the TTL is one day)
    await runJobs(bot);
    expect(stub.offers.get(offer.tradeofferid)!.trade_offer_state).toBe(6);
    await runJobs(bot);
    expect(await record(bot, w)).toMatchObject({ state: 4 });
    expect(await itemState(bot, w)).toBe('in_backpack');
    expect(await returnedCount(bot, w)).toBe(1);
  });

  it('gives out only the asset ids STEAM_BOT_STOCK lists, each in one open offer, reused after a decline', async () => {
    const settings = bot.t.config.withdrawals as { mode: 'steam-bot' } & SteamBotSettings;
    const [x, y, z] = [
      await givenBotWithdrawal({ stocked: false }),
      await givenBotWithdrawal({ stocked: false }),
      await givenBotWithdrawal({ stocked: false }),
    ];
    const listed = ['52000000001', '52000000002'];
    for (const a of listed) inventory[a] = x.marketHashName;
    inventory['52000000003'] = x.marketHashName; // in the bot's inventory but not in the map
    const fulfilment = createSteamBotFulfilmentProvider(createSteamTradeClient(settings), {
      pollMs: 200,
      offerTtlMs: 86_400_000,
      stock: { kind: 'assets', byName: { [x.marketHashName]: listed } },
    });
    const mapped = createJobRunner({
      db: bot.t.database.db,
      logger: silent,
      pollMs: 60_000,
      nodeId: 'modes-mapped',
    });
    registerJobHandlers(
      mapped,
      createAppContext({
        config: bot.t.config,
        database: bot.t.database,
        live: bot.t.live,
        providers: { fulfilment },
      }),
    );
    // Only these three withdrawals' steps are due: earlier tests' offers still being polled must not take
    // the runner's batch (PostgreSQL claims ties in any order).
    const ours = [x, y, z].map((w) => String(w.retrievalId));
    const run = async () => {
      await bot.t.database.db.execute(
        sql`UPDATE jobs SET run_at = CASE WHEN payload->>'retrievalId' IN ${ours} THEN now() ELSE now() + interval '1 day' END
            WHERE state = 'pending'`,
      );
      await mapped.runOnce();
    };
    const offerOf = (w: Withdrawal) => [...stub.offers.values()].find((o) => o.message.includes(`[skinfair:${w.retrievalId}]`));
    await run();
    await run();
    // Two of the three get the two listed assets (which two depends on the order the steps ran); the
    // third waits for stock.
    const withOffer = [x, y, z].filter((w) => offerOf(w));
    const waiting = [x, y, z].find((w) => !offerOf(w))!;
    expect(withOffer.map((w) => offerOf(w)!.items_to_give[0]!.assetid).sort()).toEqual(listed);
    expect(await record(bot, waiting)).toMatchObject({ state: 1, remark: '发货库存不足，等待补货' });
    const declined = withOffer[0]!;
    stub.setState(offerOf(declined)!.tradeofferid, 7); // its player declines: that asset is free again
    await run();
    await run();
    expect(await record(bot, declined)).toMatchObject({ state: 4 });
    expect(offerOf(waiting)!.items_to_give[0]!.assetid).toBe(offerOf(declined)!.items_to_give[0]!.assetid);
  });

  it('called Steam only with the API key, the session id and valid confirmation keys', () => {
    expect(stub.refusals).toEqual([]);
  });
});
