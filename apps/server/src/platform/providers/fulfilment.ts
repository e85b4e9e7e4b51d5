/**
 * Withdrawal to the player's game-platform account. A real supplier sends a trade offer and reports back;
 * the sandbox walks the real retrieval states 0 → 1 → 2 → 3 on the job scheduler, and fails at step 1
 * (→ 4) when the trade link's token starts with "fail", so both endings can be shown and tested.
 */
export interface FulfilmentStep {
  state: 1 | 2 | 3 | 4;
  remark?: string;
  /** When to take the next step, if any. */
  nextInMs?: number;
}

export interface FulfilmentProvider {
  readonly name: string;
  advance(retrieval: { id: number; state: number; tradeUrl: string }): Promise<FulfilmentStep>;
}

export function createSandboxFulfilmentProvider(stepMs: number): FulfilmentProvider {
  return {
    name: 'sandbox-fulfilment',
    async advance({ state, tradeUrl }) {
      const failing = /[?&]token=fail/i.test(tradeUrl);
      if (state === 0) return failing ? { state: 4, remark: '对方交易链接不可用或库存已满，饰品已退回背包' } : { state: 1, nextInMs: stepMs };
      if (state === 1) return { state: 2, nextInMs: stepMs };
      return { state: 3 };
    },
  };
}
