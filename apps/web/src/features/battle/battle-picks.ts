import { BATTLE_MAX_BOXES } from '@skinfair/contract';

/** A box chosen for one round. The price is the one shown when picked; the server charges its own. */
export interface PickedBox {
  boxId: number;
  boxName: string;
  boxImage: string | null;
  priceFen: number;
}

/** Adds one round of `box` at the end, unless the battle already has the most rounds allowed. */
export const addPick = (picks: readonly PickedBox[], box: PickedBox): readonly PickedBox[] =>
  picks.length >= BATTLE_MAX_BOXES ? picks : [...picks, box];

/** Removes the last round of `boxId`, so the rounds before it keep their order. */
export function removeLastPick(picks: readonly PickedBox[], boxId: number): readonly PickedBox[] {
  const index = picks.map((p) => p.boxId).lastIndexOf(boxId);
  return index < 0 ? picks : picks.filter((_, i) => i !== index);
}

export const removePickAt = (picks: readonly PickedBox[], index: number): readonly PickedBox[] => picks.filter((_, i) => i !== index);

export const countOf = (picks: readonly PickedBox[], boxId: number): number => picks.filter((p) => p.boxId === boxId).length;

export const totalFen = (picks: readonly PickedBox[]): number => picks.reduce((sum, p) => sum + p.priceFen, 0);
