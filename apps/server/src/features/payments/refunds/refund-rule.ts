/**
 * How much of a deposit can be refunded, and what a refund takes back (decision 0060). Pure: the service
 * reads the figures under the order's lock and passes them in.
 *
 * - The coins a refund of `x` takes back are the deposit's credit in proportion, counted on the running
 *   total (ceil(refunded × credit / amount)), so refunds in parts take exactly the credit in all, never a
 *   fen more or less, and round against the player, never the house.
 * - The bonuses the deposit paid (first-deposit, VIP recharge, recharge coupon) go back in the same share
 *   of what is left of them: a refund of half of what remains takes half of the bonus that remains.
 * - A first-deposit bonus still held for real-name verification shrinks in the same share (nothing to take).
 * - A refund may take only what the player's coin balance holds: the most that fits is the refundable amount.
 */
export interface RefundBasis {
  amountMinor: number;
  creditFen: number;
  /** Refunded or being refunded (failed refunds do not count). */
  refundedMinor: number;
  bonusPaidFen: number;
  /** Bonus coins earlier refunds took (or are taking) back. */
  bonusTakenFen: number;
  heldBonusFen: number;
  coinBalanceFen: number;
}

export interface RefundTake {
  coinFen: number;
  bonusFen: number;
  heldBonusFen: number;
}

const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

/** ceil(whole × part / of), in exact integers (the products pass 2^53 for large figures). */
export function shareOf(wholeFen: number, part: number, of: number): number {
  if (wholeFen <= 0 || part <= 0 || of <= 0) return 0;
  return Number(ceilDiv(BigInt(wholeFen) * BigInt(part), BigInt(of)));
}

const coinsFor = (b: RefundBasis, minor: number) => shareOf(b.creditFen, minor, b.amountMinor);

export function remainingMinor(b: RefundBasis): number {
  return Math.max(0, b.amountMinor - b.refundedMinor);
}

/** What a refund of `amountMinor` (at most what remains) takes back. */
export function takeFor(b: RefundBasis, amountMinor: number): RefundTake {
  const remaining = remainingMinor(b);
  return {
    coinFen: coinsFor(b, b.refundedMinor + amountMinor) - coinsFor(b, b.refundedMinor),
    bonusFen: shareOf(Math.max(0, b.bonusPaidFen - b.bonusTakenFen), amountMinor, remaining),
    heldBonusFen: shareOf(b.heldBonusFen, amountMinor, remaining),
  };
}

const debitOf = (t: RefundTake) => t.coinFen + t.bonusFen;

/** The most one refund may be now, and what stops it at that: nothing left, or the player's coins. */
export function refundable(b: RefundBasis): { refundableMinor: number; limit: 'none' | 'refunded' | 'balance' } {
  const remaining = remainingMinor(b);
  if (remaining === 0) return { refundableMinor: 0, limit: 'refunded' };
  if (debitOf(takeFor(b, remaining)) <= b.coinBalanceFen) return { refundableMinor: remaining, limit: 'none' };
  // The debit grows with the amount: the largest amount whose debit fits the balance, by bisection.
  let low = 0;
  let high = remaining;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (debitOf(takeFor(b, mid)) <= b.coinBalanceFen) low = mid;
    else high = mid - 1;
  }
  return { refundableMinor: low, limit: 'balance' };
}
