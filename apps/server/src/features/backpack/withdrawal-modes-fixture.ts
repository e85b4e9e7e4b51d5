import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { adminCall, givenOperator } from '../../testing/operators.js';
import { startSteamTradeStub, type SteamTradeStub } from '../../testing/stubs/steam-trade-stub.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { createJobRunner, type JobRunner } from '../../platform/jobs/index.js';
import { createAppContext, registerJobHandlers } from '../../app.js';
import { createSteamTradeClient, type SteamTradeClient } from '../../platform/providers/steam-bot/client.js';
import { createSteamBotFulfilmentProvider } from '../../platform/providers/steam-bot/fulfilment.js';
import type { SteamBotSettings } from '../../platform/providers/withdrawal-config.js';
import { marketHashName } from '../catalog/index.js';
import { grantItems } from './index.js';

export const P = '/api/personalCenter';
export const silent = { info() {}, warn() {}, error() {} };
export const BOT_STEAM_ID = '76561198000000001';
export const IDENTITY_SECRET = randomBytes(20).toString('base64');
export const API_KEY = randomBytes(16).toString('hex').toUpperCase();
export const ACCESS_TOKEN = 'eyJhbGciOiJFZERTQSJ9.stub.token';
export const SESSION_ID = randomBytes(12).toString('hex');

export interface Harness {
  t: TestApp;
  runner: JobRunner;
  operator: { token: string };
}

export async function harness(env: Record<string, string>): Promise<Harness> {
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
export async function runJobs(h: Harness) {
  await h.t.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE state = 'pending'`);
  await h.runner.runOnce();
}

/** As if every send claim had run out (its node died): the next step asks Steam for the marker first. */
export async function expireSendClaims() {
  await bot.t.database.db.execute(
    sql`UPDATE retrieval_trade_offers SET sending_until = now() - interval '1 second' WHERE sending_until IS NOT NULL`,
  );
}

export let partnerSeq = 40_000;
/** A player with one item who asks to withdraw it to `token`'s trade link. */
export async function givenWithdrawal(h: Harness, opts: { token?: string } = {}) {
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
export type Withdrawal = Awaited<ReturnType<typeof givenWithdrawal>>;

export const record = async (h: Harness, w: Withdrawal) =>
  (
    (await call(h.t.app, 'GET', `${P}/getMyRetrievalPage`, { pageSize: 100 }, w.session)).data.pageData as Array<Record<string, unknown>>
  ).find((r) => r.orderId === w.retrievalId)!;
export const itemState = async (h: Harness, w: Withdrawal) =>
  (await queryRows<{ state: string }>(h.t.database.db, sql`SELECT state FROM inventory_items WHERE id = ${w.itemId}`))[0]!.state;
export const returnedCount = async (h: Harness, w: Withdrawal) =>
  toInt(
    (
      await queryRows<{ n: unknown }>(
        h.t.database.db,
        sql`SELECT count(*) AS n FROM inventory_events WHERE inventory_item_id = ${w.itemId} AND to_state = 'in_backpack' AND reason = 'retrieval_failed'`,
      )
    )[0]?.n,
  );
export const consoleRow = async (h: Harness, w: Withdrawal) =>
  (await adminCall(h.t.app, 'GET', '/api/admin/withdrawals', { userId: w.userId }, { adminToken: h.operator.token })).data.pageData[0] as {
    state: number;
    tradeOfferId: string | null;
  };
export const operatorFail = (h: Harness, w: Withdrawal) =>
  adminCall(
    h.t.app,
    'POST',
    '/api/admin/withdrawals/fail',
    { id: w.retrievalId, reason: '玩家要求取消' },
    { adminToken: h.operator.token },
  );
export const operatorComplete = (h: Harness, w: Withdrawal, tradeOfferId: string) =>
  adminCall(h.t.app, 'POST', '/api/admin/withdrawals/complete', { id: w.retrievalId, tradeOfferId }, { adminToken: h.operator.token });

/** How each mode delivers a withdrawal or lets it fail; the assertions after are the same for both. */
export interface Mode {
  name: string;
  h: () => Harness;
  given: () => Promise<Withdrawal>;
  /** Runs the withdrawal to delivered; returns the trade offer id that delivered it. */
  deliver(w: Withdrawal): Promise<string>;
  /** Runs the withdrawal to undelivered. */
  undeliver(w: Withdrawal): Promise<void>;
}

export let manual: Harness;
export let bot: Harness;
export let stub: SteamTradeStub;
export const inventory: Record<string, string> = {};
let assetSeq = 30_000_000_000;
/** Puts one copy of the item in the bot's Steam inventory (the stub's), under a new asset id. */
export const stockAsset = (name: string) => {
  inventory[String(++assetSeq)] = name;
};

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
export async function givenBotWithdrawal(opts: { stocked?: boolean; registered?: boolean } = {}) {
  const w = await givenWithdrawal(bot);
  if (opts.registered !== false) stub.registerPlayer(w.partner, w.token);
  if (opts.stocked !== false) stockAsset(w.marketHashName);
  return w;
}

/** Bot: 0 → 1 ("sending" recorded) → 2 (offer sent and confirmed); returns the offer. */
export async function botSends(w: Withdrawal) {
  await runJobs(bot);
  expect(await record(bot, w)).toMatchObject({ state: 1 });
  await runJobs(bot);
  expect(await record(bot, w)).toMatchObject({ state: 2 });
  const offer = [...stub.offers.values()].find((o) => o.message.includes(`[skinfair:${w.retrievalId}]`))!;
  expect(offer).toMatchObject({ accountid_other: w.partner, token: w.token, trade_offer_state: 2 });
  return offer;
}

export const modes: Mode[] = [
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

/** A runner whose bot talks to Steam through `wrap(real client)`; each call runs every pending job now. */
export function runnerWith(wrap: (real: SteamTradeClient) => SteamTradeClient) {
  const settings = bot.t.config.withdrawals as { mode: 'steam-bot' } & SteamBotSettings;
  const fulfilment = createSteamBotFulfilmentProvider(wrap(createSteamTradeClient(settings)), {
    pollMs: 200,
    offerTtlMs: 86_400_000,
    stock: settings.stock,
  });
  const runner = createJobRunner({ db: bot.t.database.db, logger: silent, pollMs: 60_000, nodeId: `wrapped-${Date.now()}` });
  registerJobHandlers(
    runner,
    createAppContext({ config: bot.t.config, database: bot.t.database, live: bot.t.live, providers: { fulfilment } }),
  );
  return async () => {
    await bot.t.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE state = 'pending'`);
    await runner.runOnce();
  };
}

/** Thrown by a wrapped Steam call: the node running the step is gone at that point. */
export class ProcessDied extends Error {}
