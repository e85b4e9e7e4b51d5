import { describe, expect, it } from 'vitest';
import { dreamFee, dreamRoll, dreamWins } from '@skinfair/fairness';

/**
 * Issue 13: over 10^6 dreams at a fixed P the win rate lies within its confidence interval, and the
 * realised return (Σ target value won / Σ fees) converges to the configured rate. Pure: the server's own
 * roll (PF v1 §3, §6) over consecutive nonces of one seed pair, as one player's dreams would take them.
 *
 * The bounds are 5 σ of a binomial count (a two-sided 5 σ event has probability 5.7e-7, so a correct
 * roll essentially never fails; the seeds are fixed, so the run is reproducible anyway). The realised
 * return is wins·T / (n·fee), a linear function of the win count, so its 5 σ band is the win rate's
 * scaled by T/fee; the only other gap to RTP is the fee's rounding up (ceil), which lowers the return by
 * less than 1/fee relative and is added to the tolerance exactly. ~5 s on one core (10^6 HMAC-SHA256); the timeout is generous because a busy shared machine made it 86 s.
 */
const SERVER_SEED = 'c794c6117b935b80569767706298deaac5aadd8ffd185689b5cc6cd8e6ab84c7';
const CLIENT_SEED = 'dream-statistics';
const N = 1_000_000;
const P = 25_000; // 25 %
const RTP_BP = 9_500;
const T = 1_000_000; // 10,000 yuan in fen: the fee's rounding is then < 4e-6 relative.

describe('dream chasing over 10^6 rolls (pure)', () => {
  it('wins at rate P within 5 σ and returns the configured rate within 5 σ plus the rounding', { timeout: 600_000 }, () => {
    const p = P / 100_000;
    const fee = dreamFee(T, P, RTP_BP);
    const rtp = RTP_BP / 10_000;
    // The exact expected return with the rounded fee: p·T/fee ≤ RTP (ceil only raises the fee).
    const expectedReturn = (p * T) / fee;
    expect(expectedReturn).toBeLessThanOrEqual(rtp);
    expect(rtp - expectedReturn).toBeLessThan(1 / fee);

    const checkpoints = new Map([
      [10_000, 0],
      [100_000, 0],
      [N, 0],
    ]);
    let wins = 0;
    for (let nonce = 0; nonce < N; nonce++) {
      if (dreamWins(dreamRoll(SERVER_SEED, CLIENT_SEED, nonce).rollCode, P)) wins++;
      if (checkpoints.has(nonce + 1)) checkpoints.set(nonce + 1, wins);
    }

    // The band narrows as 1/√n and the realised figures stay inside it at each checkpoint: convergence.
    for (const [n, w] of checkpoints) {
      const sigmaRate = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs(w / n - p)).toBeLessThanOrEqual(5 * sigmaRate);
      const realisedReturn = (w * T) / (n * fee);
      const sigmaReturn = (sigmaRate * T) / fee;
      expect(Math.abs(realisedReturn - rtp)).toBeLessThanOrEqual(5 * sigmaReturn + (rtp - expectedReturn));
    }
    // At 10^6 the realised return is within ±0.83 percentage points of 95 %.
    const realised = (wins * T) / (N * fee);
    expect(realised).toBeGreaterThan(0.9417);
    expect(realised).toBeLessThan(0.9583);
  });
});
