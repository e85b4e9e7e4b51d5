import { describe, expect, it } from 'vitest';
import type { SteamTradeClient } from '../../platform/providers/steam-bot/client.js';
import { openTransactions } from '../../testing/open-transactions.js';
import {
  record,
  bot,
  stub,
  givenBotWithdrawal,
  botSends,
  runJobs,
  expireSendClaims,
  itemState,
  returnedCount,
  operatorFail,
  inventory,
  runnerWith,
  ProcessDied,
  type Withdrawal,
} from './withdrawal-modes-fixture.js';

// Issue 26 §7: an operator's fail on a bot withdrawal calls no Steam in the operator's transaction. It is
// recorded as a request with the decision; the withdrawal's next step cancels the offer with no transaction
// open and records the end; a node dying at any point leaves it for the next run, which cancels once.

const offersOf = (w: Withdrawal) => [...stub.offers.values()].filter((o) => o.message.includes(`[skinfair:${w.retrievalId}]`));

/** The operator's fail, answered without a single request reaching Steam. */
async function failWithoutSteam(w: Withdrawal) {
  const before = stub.requests.length;
  expect(await operatorFail(bot, w)).toMatchObject({ status: 0 });
  expect(stub.requests.slice(before)).toEqual([]);
  expect(await record(bot, w)).toMatchObject({ remark: expect.stringContaining('正在撤回') });
  expect(await itemState(bot, w)).toBe('retrieving');
}

/** Counts cancels at Steam, and lets a test kill the node around one of the calls. */
function cancelling(die: { before?: boolean; after?: boolean }, open?: number[]) {
  const count = { cancels: 0 };
  const check = async () => void open?.push(await openTransactions(bot.t.database));
  const run = runnerWith((real): SteamTradeClient => ({
    ...real,
    getOffer: async (id) => {
      await check();
      if (die.before) throw new ProcessDied('gone before asking Steam');
      return real.getOffer(id);
    },
    findSentOffer: async (marker, since) => (await check(), real.findSentOffer(marker, since)),
    cancelOffer: async (id) => {
      await check();
      await real.cancelOffer(id);
      count.cancels++;
      if (die.after) throw new ProcessDied('gone after the cancel, before recording it');
    },
  }));
  return { run, count };
}

describe('Steam trade bot: an operator fail', () => {
  it('is recorded without calling Steam; the next step cancels with no transaction open and returns the item once', async () => {
    const w = await givenBotWithdrawal();
    const offer = await botSends(w);
    await failWithoutSteam(w);
    const open: number[] = [];
    const { run, count } = cancelling({}, open);
    await run();
    expect(stub.offers.get(offer.tradeofferid)!.trade_offer_state).toBe(6);
    expect(await record(bot, w)).toMatchObject({ state: 4, remark: '玩家要求取消' });
    expect(await itemState(bot, w)).toBe('in_backpack');
    expect(count.cancels).toBe(1);
    expect(open.length).toBeGreaterThanOrEqual(2);
    expect(open.every((n) => n === 0)).toBe(true);
    await run();
    expect(await returnedCount(bot, w)).toBe(1);
  });

  it('a node that dies after the fail committed, before asking Steam: the next run cancels once', async () => {
    const w = await givenBotWithdrawal();
    await botSends(w);
    await failWithoutSteam(w);
    const die = { before: true };
    const { run, count } = cancelling(die);
    await run();
    expect(count.cancels).toBe(0);
    expect(await record(bot, w)).toMatchObject({ state: 2 });
    die.before = false;
    await run();
    expect(count.cancels).toBe(1);
    expect(offersOf(w).map((o) => o.trade_offer_state)).toEqual([6]);
    expect(await record(bot, w)).toMatchObject({ state: 4 });
    expect(await returnedCount(bot, w)).toBe(1);
  });

  it('a node that dies after Steam cancelled, before recording it: the next run records it and cancels nothing again', async () => {
    const w = await givenBotWithdrawal();
    await botSends(w);
    await failWithoutSteam(w);
    const die = { after: true };
    const { run, count } = cancelling(die);
    await run();
    expect(count.cancels).toBe(1);
    expect(offersOf(w).map((o) => o.trade_offer_state)).toEqual([6]);
    // Cancelled at Steam but not yet recorded: the item is not back, the withdrawal still says "cancelling".
    expect(await record(bot, w)).toMatchObject({ state: 2, remark: expect.stringContaining('正在撤回') });
    expect(await itemState(bot, w)).toBe('retrieving');
    die.after = false;
    await run();
    await run();
    expect(count.cancels).toBe(1);
    expect(await record(bot, w)).toMatchObject({ state: 4 });
    expect(await returnedCount(bot, w)).toBe(1);
  });

  it('after a send whose answer was lost, waits for the send claim, then finds the offer by its marker and cancels it', async () => {
    const w = await givenBotWithdrawal();
    await runJobs(bot); // 0 → 1
    stub.loseNextSendAnswer();
    await runJobs(bot); // the offer exists at Steam, nothing recorded, the send claim runs
    expect(offersOf(w)).toHaveLength(1);
    await failWithoutSteam(w);
    await runJobs(bot); // the claim still runs: nobody sends, nobody cancels
    expect(offersOf(w).map((o) => o.trade_offer_state)).toEqual([9]); // made, never confirmed
    await expireSendClaims();
    await runJobs(bot);
    await runJobs(bot);
    expect(offersOf(w).map((o) => o.trade_offer_state)).toEqual([6]);
    expect(await record(bot, w)).toMatchObject({ state: 4 });
    expect(await returnedCount(bot, w)).toBe(1);
  });

  it('ends at once, with no request and no job, when nothing was ever reserved for Steam', async () => {
    const w = await givenBotWithdrawal({ stocked: false });
    for (const k of Object.keys(inventory)) if (inventory[k] === w.marketHashName) delete inventory[k];
    await runJobs(bot); // 0 → 1, waiting for stock: nothing sent
    await runJobs(bot);
    expect(await record(bot, w)).toMatchObject({ state: 1, remark: '发货库存不足，等待补货' });
    const before = stub.requests.length;
    expect(await operatorFail(bot, w)).toMatchObject({ status: 0, data: { state: 4 } });
    expect(stub.requests.slice(before)).toEqual([]);
    expect(await itemState(bot, w)).toBe('in_backpack');
    expect(await returnedCount(bot, w)).toBe(1);
  });
});
