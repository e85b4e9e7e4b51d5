import type { GameBalance } from '@skinfair/contract';

/**
 * Each opening's own coins and points before and after, for a batch of openings paid in one debit
 * (issue 30 §4, decision 0052). The debit takes coins first, then points (spec §1) for the whole batch;
 * the openings spend it in nonce order under the same rule, so opening k starts where opening k−1 ended,
 * the first starts at the locked balances and the last ends at the balances the debit leaves. The records
 * then add up to the ledger exactly: the sum of the openings' costs is the batch's transfer.
 */
export function balancesPerOpening(
  before: GameBalance,
  spent: { coinFen: number; pointFen: number },
  pricesFen: readonly number[],
): Array<{ before: GameBalance; after: GameBalance }> {
  let coinLeft = spent.coinFen;
  let at = before;
  return pricesFen.map((priceFen) => {
    const fromCoins = Math.min(coinLeft, priceFen);
    coinLeft -= fromCoins;
    const after = { coin: at.coin - fromCoins, point: at.point - (priceFen - fromCoins) };
    const row = { before: at, after };
    at = after;
    return row;
  });
}
