import { describe, expect, it } from 'vitest';
import { openTransactions } from '../../testing/open-transactions.js';
import {
  record,
  bot,
  stub,
  givenBotWithdrawal,
  expireSendClaims,
  runnerWith,
  ProcessDied,
  type Withdrawal,
} from './withdrawal-modes-fixture.js';

// Issue 26 §7: every Steam call runs with no transaction open, and a node dying at any step of a send
// leaves a withdrawal that the next run finishes with one offer.

const offersOf = (w: Withdrawal) => [...stub.offers.values()].filter((o) => o.message.includes(`[skinfair:${w.retrievalId}]`));

describe('Steam trade bot: outside calls', () => {
  it('calls Steam only while no transaction is open', async () => {
    const open: number[] = [];
    const check = async () => void open.push(await openTransactions(bot.t.database));
    const run = runnerWith((real) => ({
      ...real,
      inventory: async () => (await check(), real.inventory()),
      sendOffer: async (input) => (await check(), real.sendOffer(input)),
      confirm: async (id) => (await check(), real.confirm(id)),
      getOffer: async (id) => (await check(), real.getOffer(id)),
      findSentOffer: async (marker, since) => (await check(), real.findSentOffer(marker, since)),
    }));
    const w = await givenBotWithdrawal();
    await run(); // 0 → 1
    await run(); // find, send, confirm → 2
    await run(); // follow
    expect(await record(bot, w)).toMatchObject({ state: 2 });
    expect(open.length).toBeGreaterThanOrEqual(4);
    expect(open.every((n) => n === 0)).toBe(true);
  });

  it('a node that dies after recording its intent, before calling Steam: the next run sends once', async () => {
    let die = true;
    const run = runnerWith((real) => ({
      ...real,
      sendOffer: async (input) => {
        if (die) throw new ProcessDied('gone before the send');
        return real.sendOffer(input);
      },
    }));
    const w = await givenBotWithdrawal();
    await run(); // 0 → 1
    await run(); // intent committed (asset reserved, claim taken), then the node is gone
    expect(offersOf(w)).toHaveLength(0);
    expect(await record(bot, w)).toMatchObject({ state: 1 });
    die = false;
    await run(); // the claim still runs: nobody sends
    expect(offersOf(w)).toHaveLength(0);
    await expireSendClaims();
    await run();
    expect(offersOf(w)).toHaveLength(1);
    expect(await record(bot, w)).toMatchObject({ state: 2 });
  });

  it('a node that dies after Steam took the offer, before recording it: the next run adopts it, never sends again', async () => {
    let die = true;
    const run = runnerWith((real) => ({
      ...real,
      sendOffer: async (input) => {
        const sent = await real.sendOffer(input);
        if (die) throw new ProcessDied('gone after the send');
        return sent;
      },
    }));
    const w = await givenBotWithdrawal();
    await run();
    await run();
    expect(offersOf(w)).toHaveLength(1);
    expect(await record(bot, w)).toMatchObject({ state: 1 });
    die = false;
    await expireSendClaims();
    await run();
    await run();
    expect(offersOf(w)).toHaveLength(1);
    expect(offersOf(w)[0]!.trade_offer_state).toBe(2); // confirmed after adoption
    expect(await record(bot, w)).toMatchObject({ state: 2 });
  });
});
