/**
 * Account kinds and the house's sharded accounts (design §3). House account ids are fixed (1..160) so
 * a transfer can name its house side without a look-up; user accounts start at 10 000.
 */
export const userAccountKinds = ['coin', 'point', 'secondary'] as const;
export type UserAccountKind = (typeof userAccountKinds)[number];

export const houseAccountKinds = ['revenue', 'payouts', 'promotions', 'payment_clearing', 'item_stock'] as const;
export type HouseAccountKind = (typeof houseAccountKinds)[number];

/**
 * One balance row updated by every game transaction caps PostgreSQL at ~1,200 tx/s at 16 clients;
 * spread over 32 rows it reaches ~4,950 (ARCHITECTURE §3 measurement). The house balance of a kind is
 * the sum of its shards.
 */
export const HOUSE_SHARDS = 32;

export function houseAccountId(kind: HouseAccountKind, shardKey: number): number {
  const kindIndex = houseAccountKinds.indexOf(kind);
  const shard = Math.abs(Math.trunc(shardKey)) % HOUSE_SHARDS;
  return kindIndex * HOUSE_SHARDS + shard + 1;
}

export function allHouseAccounts(): Array<{ id: number; kind: HouseAccountKind; shard: number }> {
  return houseAccountKinds.flatMap((kind) =>
    Array.from({ length: HOUSE_SHARDS }, (_, shard) => ({ id: houseAccountId(kind, shard), kind, shard })),
  );
}
