import type { BattleResults } from '@skinfair/contract';
import type { Executor } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { itemsByIds, type ItemRow } from '../catalog/index.js';
import { findBattleByCode, rollsOf, type BattleRow } from './repo.js';
import { battleDetail } from './views.js';

/** getBattleResults: the detail plus every roll, with what a verifier needs (PF v1 §10). */
export async function battleResults(ex: Executor, code: string, nowMs = Date.now()): Promise<BattleResults> {
  const battle = await findBattleByCode(ex, code);
  if (!battle) throw new AppError('BATTLE_NOT_FOUND', code);
  return resultsOf(ex, battle, nowMs);
}

/** Only the rounds revealed at `nowMs` (every watcher sees the same ones). */
export async function resultsOf(ex: Executor, battle: BattleRow, nowMs: number): Promise<BattleResults> {
  const detail = await battleDetail(ex, battle.id, nowMs);
  const rolls = (await rollsOf(ex, battle.id)).filter((r) => r.round <= detail.revealedRounds);
  const items = new Map((await itemsByIds(ex, [...new Set(rolls.map((r) => r.itemId))])).map((i): [number, ItemRow] => [i.id, i]));
  return {
    ...detail,
    rolls: rolls.map((r) => {
      const item = items.get(r.itemId);
      return {
        round: r.round,
        pos: r.seat,
        rollCode: r.rollCode,
        rangeLow: r.rangeLow,
        rangeHigh: r.rangeHigh,
        giftId: r.itemId,
        giftName: item?.name ?? '',
        giftImage: item?.image ?? null,
        giftGrade: item?.grade ?? 0,
        giftPrice: r.valueFen,
        voucherId: r.inventoryItemId,
      };
    }),
  };
}

/** The full results as the room shows them after round `k`: its rolls so far, no winner, no seed yet. */
export function maskTo(full: BattleResults, k: number): BattleResults {
  return {
    ...full,
    revealedRounds: k,
    winnerPos: null,
    serverSeed: null,
    secretSalt: null,
    rolls: full.rolls.filter((r) => r.round <= k),
  };
}
