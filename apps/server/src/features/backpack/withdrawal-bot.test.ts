import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorStatus } from '@skinfair/contract';
import { adminCall } from '../../testing/operators.js';
import { createJobRunner } from '../../platform/jobs/index.js';
import { createAppContext, registerJobHandlers } from '../../app.js';
import { createSteamTradeClient } from '../../platform/providers/steam-bot/client.js';
import { createSteamBotFulfilmentProvider } from '../../platform/providers/steam-bot/fulfilment.js';
import type { SteamBotSettings } from '../../platform/providers/withdrawal-config.js';
import {
  silent,
  runJobs,
  type Withdrawal,
  record,
  itemState,
  returnedCount,
  consoleRow,
  operatorFail,
  operatorComplete,
  bot,
  stub,
  inventory,
  stockAsset,
  givenBotWithdrawal,
  botSends,
  expireSendClaims,
} from './withdrawal-modes-fixture.js';

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
    await runJobs(bot); // the offer exists at Steam, nothing recorded, the send claim stays
    expect(stub.sends.length).toBe(before + 1);
    expect(await record(bot, w)).toMatchObject({ state: 1 });
    await runJobs(bot); // refused while the claim runs: the lost send might still land
    expect(stub.sends.length).toBe(before + 1);
    await expireSendClaims();
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
    stockAsset(w.marketHashName);
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
    // The fail is recorded and answered at once; the offer is cancelled by the withdrawal's next step.
    expect(await operatorFail(bot, w)).toMatchObject({ status: 0, data: { state: 2 } });
    expect(stub.offers.get(offer.tradeofferid)!.trade_offer_state).toBe(2);
    expect(await record(bot, w)).toMatchObject({ state: 2, remark: expect.stringContaining('正在撤回') });
    expect(await itemState(bot, w)).toBe('retrieving');
    expect((await operatorFail(bot, w)).status).toBe(errorStatus('ADMIN_WITHDRAWAL_BOT_OFFER'));
    expect((await operatorComplete(bot, w, '123457')).status).toBe(errorStatus('ADMIN_WITHDRAWAL_BOT_OFFER'));
    await runJobs(bot);
    expect(stub.offers.get(offer.tradeofferid)!.trade_offer_state).toBe(6);
    expect(await record(bot, w)).toMatchObject({ state: 4, remark: '玩家要求取消' });
    expect(await itemState(bot, w)).toBe('in_backpack');
    await runJobs(bot);
    expect(await returnedCount(bot, w)).toBe(1);
  });

  it('while Steam is down, steps wait and an operator fail waits with them; both go on when it is back', async () => {
    const w = await givenBotWithdrawal();
    const offer = await botSends(w);
    stub.setOutage(true);
    try {
      await runJobs(bot);
      expect(await record(bot, w)).toMatchObject({ state: 2 });
      // Nothing asks Steam in the operator's request: the fail is recorded even while Steam is away.
      expect((await operatorFail(bot, w)).status).toBe(0);
      await runJobs(bot);
      expect(await record(bot, w)).toMatchObject({ state: 2 });
      expect(await itemState(bot, w)).toBe('retrieving');
    } finally {
      stub.setOutage(false);
    }
    expect(stub.offers.get(offer.tradeofferid)!.trade_offer_state).toBe(2);
    await runJobs(bot);
    expect(stub.offers.get(offer.tradeofferid)!.trade_offer_state).toBe(6);
    expect(await record(bot, w)).toMatchObject({ state: 4 });
    expect(await returnedCount(bot, w)).toBe(1);
  });

  it('an operator fail racing the bot sending leaves no open offer and returns the item once', async () => {
    const w = await givenBotWithdrawal();
    await runJobs(bot); // 0 → 1: the next step sends
    await bot.t.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE state = 'pending'`);
    const [, raced] = await Promise.all([bot.runner.runOnce(), operatorFail(bot, w)]);
    // Either the fail came first (nothing reserved: it ends at once), or it is recorded and the steps cancel.
    expect(raced.status).toBe(0);
    await runJobs(bot);
    await runJobs(bot);
    const offers = [...stub.offers.values()].filter((o) => o.message.includes(`[skinfair:${w.retrievalId}]`));
    // Either the fail came first (nothing sent) or the send did (and the fail cancelled it).
    expect(offers.every((o) => o.trade_offer_state === 6)).toBe(true);
    expect(await record(bot, w)).toMatchObject({ state: 4 });
    expect(await returnedCount(bot, w)).toBe(1);
  });

  it('an operator fail after the player accepted the offer completes the withdrawal instead', async () => {
    const w = await givenBotWithdrawal();
    const offer = await botSends(w);
    stub.setState(offer.tradeofferid, 3);
    expect((await operatorFail(bot, w)).status).toBe(0);
    await runJobs(bot);
    expect(await record(bot, w)).toMatchObject({ state: 3 });
    expect(await itemState(bot, w)).not.toBe('in_backpack');
    expect(await returnedCount(bot, w)).toBe(0);
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
