import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { productionBaseEnv, startProductionApp } from './testing/production-start.js';
import { call } from './testing/auth-helpers.js';
import { givenSession, givenUser } from './testing/factories.js';
import { startSteamTradeStub, type SteamTradeStub } from './testing/stubs/steam-trade-stub.js';
import { queryRows, toInt } from './platform/db/rows.js';
import { runInTransaction } from './platform/db/tx.js';
import { createJobRunner } from './platform/jobs/index.js';
import { loadConfig } from './config.js';
import { createAppContext, registerJobHandlers } from './app.js';
import { grantItems } from './features/backpack/index.js';
import { marketHashName } from './features/catalog/index.js';

/**
 * Issue 17 "Done when": a production start (NODE_ENV=production, the production guard as it is) with the
 * Steam trade bot pointing at a local stub of Steam completes a withdrawal: the offer is sent to the player's
 * trade link, confirmed, accepted, and the withdrawal ends delivered.
 */
const BOT = '76561198000000002';
const identitySecret = randomBytes(20).toString('base64');
const apiKey = randomBytes(16).toString('hex');
const sessionId = randomBytes(12).toString('hex');
const accessToken = 'prod.start.token';
const inventory: Record<string, string> = {};
let stub: SteamTradeStub;
let prod: Awaited<ReturnType<typeof startProductionApp>>;

beforeAll(async () => {
  stub = await startSteamTradeStub({
    botSteamId: BOT,
    apiKey,
    accessToken,
    sessionId,
    identitySecret,
    inventory,
  });
  prod = await startProductionApp({
    WITHDRAWAL_MODE: 'steam-bot',
    STEAM_BOT_IDENTITY_SECRET: identitySecret,
    STEAM_BOT_API_KEY: apiKey,
    STEAM_BOT_POLL_MS: '200',
    STEAM_BOT_STOCK: 'inventory',
    STEAM_BOT_WEB_API_URL: stub.url,
    STEAM_BOT_COMMUNITY_URL: stub.url,
    STEAM_BOT_WEB_COOKIES: `steamLoginSecure=${BOT}%7C%7C${accessToken}; sessionid=${sessionId}`,
  });
});
afterAll(async () => {
  await prod?.close();
  await stub?.close();
});

describe('production start with the Steam trade bot (issue 17)', () => {
  it('refuses the sandbox and accepts the manual queue in the same production settings', () => {
    expect(() => loadConfig({ ...productionBaseEnv, WITHDRAWAL_MODE: 'sandbox' })).toThrow(/WITHDRAWAL_MODE/);
    expect(loadConfig({ ...productionBaseEnv, WITHDRAWAL_MODE: 'manual' }).withdrawals.mode).toBe('manual');
    expect(prod.config.sandboxTools).toBe(false);
    expect(prod.config.withdrawals.mode).toBe('steam-bot');
  });

  it('completes a withdrawal through a trade offer', async () => {
    const db = prod.database.db;
    const runner = createJobRunner({
      db,
      logger: { info() {}, warn() {}, error() {} },
      pollMs: 60_000,
      nodeId: 'prod-start',
    });
    registerJobHandlers(
      runner,
      createAppContext({ config: prod.config, database: prod.database, live: prod.live }),
    );
    const runJobs = async () => {
      await db.execute(sql`UPDATE jobs SET run_at = now() WHERE state = 'pending'`);
      await runner.runOnce();
    };

    const user = await givenUser(db);
    const token = await givenSession(db, user.id);
    const [item] = await queryRows<{
      id: unknown;
      template_id: unknown;
      exterior: string | null;
      stat_trak: boolean;
    }>(db, sql`SELECT id, template_id, exterior, stat_trak FROM items ORDER BY id LIMIT 1`);
    inventory['41000000001'] = marketHashName({
      templateId: toInt(item!.template_id),
      exterior: item!.exterior,
      statTrak: item!.stat_trak,
    })!;
    const [inv] = await runInTransaction(db, ({ tx }) =>
      grantItems(tx, user.id, [{ itemId: toInt(item!.id), recoveryPriceFen: 5_000 }], {
        sourceType: 'case',
        sourceId: null,
      }),
    );
    stub.registerPlayer(90_001, 'ProdTok1');
    const P = '/api/personalCenter';
    expect(
      (
        await call(
          prod.app,
          'POST',
          `${P}/modifyTradeUrl`,
          { tradeUrl: 'https://steamcommunity.com/tradeoffer/new/?partner=90001&token=ProdTok1' },
          token,
        )
      ).status,
    ).toBe(0);
    expect(
      (await call(prod.app, 'POST', `${P}/ornamentRetrieval`, { ids: String(inv!.id) }, token)).status,
    ).toBe(0);

    await runJobs(); // 0 → 1, "sending" recorded
    await runJobs(); // the offer is sent and confirmed → 2
    const [offer] = [...stub.offers.values()];
    expect(offer).toMatchObject({ accountid_other: 90_001, trade_offer_state: 2 });
    expect(offer!.items_to_give.map((i) => i.assetid)).toEqual(['41000000001']);
    stub.setState(offer!.tradeofferid, 3); // the player accepts
    await runJobs();

    const records = await call(prod.app, 'GET', `${P}/getMyRetrievalPage`, {}, token);
    expect(records.data.pageData[0]).toMatchObject({
      state: 3,
      remark: `Steam 交易报价 ${offer!.tradeofferid} 已被接受`,
    });
    const [state] = await queryRows<{ state: string }>(
      db,
      sql`SELECT state FROM inventory_items WHERE id = ${inv!.id}`,
    );
    expect(state!.state).toBe('retrieved');
    expect(stub.refusals).toEqual([]);
  });
});
