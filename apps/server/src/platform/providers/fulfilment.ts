import type { Tx } from '../db/client.js';

/**
 * Withdrawal to the player's game-platform account (spec §4: 0 retrieving → 1 awaiting shipment → 2 awaiting
 * receipt → 3 success, or → 4 failed, the item back in the backpack). Three suppliers satisfy this one
 * interface (issue 17): the sandbox walks 0 → 1 → 2 → 3 on the job scheduler and fails at step 1 (→ 4) when the
 * trade link's token starts with "fail"; the manual queue parks the withdrawal at 1 for an operator; the Steam
 * trade bot sends a trade offer and follows its real state (steam-bot/fulfilment.ts).
 */
export interface FulfilmentStep {
  /** The retrieval's next state; the current one means "no change yet" (an offer still open). */
  state: 0 | 1 | 2 | 3 | 4;
  remark?: string;
  /** When to take the next step; unset: no next step (the end, or an operator's turn). */
  nextInMs?: number;
}

export interface FulfilmentRetrieval {
  id: number;
  state: number;
  tradeUrl: string;
  /** The item's Steam market hash name (the bot's stock is looked up by it); null when unknown. */
  marketHashName: string | null;
}

/**
 * A call to the supplier (Steam) that must not run inside a transaction (issue 26 §7). What `advance` wrote
 * before returning it (the intent) commits first; `call` then runs with no transaction open, and the
 * function it returns records the result in a new transaction, with the retrieval row locked again and
 * read afresh (an operator may have moved it meanwhile). Recording may ask for one more call.
 */
export interface OutsideCall {
  readonly outside: true;
  call(): Promise<RecordResult>;
}
export type RecordResult = (retrieval: FulfilmentRetrieval, scope: { tx: Tx }) => Promise<FulfilmentStep | OutsideCall>;

export const isOutsideCall = (v: FulfilmentStep | OutsideCall): v is OutsideCall => 'outside' in v;

export interface FulfilmentProvider {
  readonly name: string;
  /**
   * One step, inside a transaction that holds the retrieval row: anything the provider writes there commits
   * with the step or not at all. A provider that must call outside returns an OutsideCall instead.
   */
  advance(retrieval: FulfilmentRetrieval, scope: { tx: Tx }): Promise<FulfilmentStep | OutsideCall>;
  /**
   * An operator is about to end the withdrawal by hand, in the operator's transaction (no outside call in it,
   * issue 26 §7): 'released' when nothing of the provider's is out (end it now); 'requested' when the provider
   * recorded that it must undo something at the supplier first (the bot cancels its offer), which its next
   * `advance` does and then ends the withdrawal with `reason`; or an AppError refusing (an offer is out).
   */
  release?(retrieval: { id: number }, scope: { tx: Tx }, outcome: 'failed' | 'completed', reason: string): Promise<ReleaseAnswer>;
}
export type ReleaseAnswer = 'released' | 'requested';

export function createSandboxFulfilmentProvider(stepMs: number): FulfilmentProvider {
  return {
    name: 'sandbox-fulfilment',
    async advance({ state, tradeUrl }) {
      const failing = /[?&]token=fail/i.test(tradeUrl);
      if (state === 0)
        return failing ? { state: 4, remark: '对方交易链接不可用或库存已满，饰品已退回背包' } : { state: 1, nextInMs: stepMs };
      if (state === 1) return { state: 2, nextInMs: stepMs };
      return { state: 3 };
    },
  };
}

/**
 * The manual queue (WITHDRAWAL_MODE=manual): nothing moves by itself. A new withdrawal waits at 1 ("awaiting
 * shipment") on the console's Withdrawals screen until an operator completes it with the Steam trade offer id
 * they sent, or fails it (the item returns to the backpack).
 */
export function createManualFulfilmentProvider(): FulfilmentProvider {
  return {
    name: 'manual-fulfilment',
    async advance({ state }) {
      if (state === 0) return { state: 1, remark: '等待客服发货' };
      return { state: state as FulfilmentStep['state'] };
    },
  };
}
