/**
 * The public randomness beacon battles draw from (PF v1 §7, §9). Production: drand quicknet, fetched over
 * HTTPS and its BLS signature verified before use. Dev, test and CI: the local beacon, predictable by
 * design, shown as "not independent" and refused in production (config.ts).
 */
export interface BeaconRound {
  round: number;
  /** Hex SHA-256 of the signature (drand), or of "skinfair-local-beacon:" + round (local). */
  randomness: string;
  /** Hex BLS signature for drand rounds; null for the local beacon. */
  signature: string | null;
  source: 'drand' | 'local';
}

export interface BeaconProvider {
  readonly source: 'drand' | 'local';
  /**
   * Round `round` once it exists and (drand) its signature verifies; null when it cannot be had yet (not
   * published, the network failed, the signature did not verify). Callers retry until their deadline.
   */
  fetchRound(round: number): Promise<BeaconRound | null>;
}
