/**
 * PF v1 §6: P in units of 1/100000, T the target price in fen, RTP in basis points.
 * fee = ceil(T·P·10000 / (100000·RTP_bp)), computed in BigInt so no product loses precision.
 */
export function dreamFee(targetPriceFen: number, probability: number, rtpBp: number): number {
  const numerator = BigInt(targetPriceFen) * BigInt(probability) * 10_000n;
  const denominator = 100_000n * BigInt(rtpBp);
  return Number((numerator + denominator - 1n) / denominator);
}

export const dreamWins = (rollCode: number, probability: number) => rollCode <= probability;
