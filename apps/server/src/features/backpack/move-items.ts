import type { Tx } from '../../platform/db/client.js';
import { insertEvents, moveState } from './repo.js';
import type { InventoryState } from './tables.js';

/**
 * Moves a player's items from one state to another, each with its history row, for other features (decision
 * 0056: item state changes only through the backpack). Only the listed items that are the player's and in
 * `from` move (moveState); the caller compares the count with its list and refuses (rolling back) a list of
 * which any item did not move.
 */
export async function moveItems(
  tx: Tx,
  p: { userId: number; ids: number[]; from: InventoryState; to: InventoryState; reason: string; refId: string },
): Promise<Array<{ id: number; itemId: number; valueFen: number }>> {
  const moved = await moveState(tx, p.userId, p.ids, p.from, p.to);
  await insertEvents(
    tx,
    moved.map((m) => ({ inventoryItemId: m.id, fromState: p.from, toState: p.to, reason: p.reason, refId: p.refId })),
  );
  return moved.map((m) => ({ id: m.id, itemId: m.itemId, valueFen: m.recoveryPriceFen }));
}
