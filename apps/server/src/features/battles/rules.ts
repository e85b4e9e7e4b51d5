import { battleTiebreakIndex } from '@skinfair/fairness';
import { battleModes, type BattleMode } from '@skinfair/contract';

/**
 * A mode is data (issue 12): which seat total wins, and how ties are broken. A new mode is a new entry
 * here, not a rewrite of the draw.
 */
export interface BattleRule {
  /** The API's `mode` number (api-shapes §4.4: 0 classic, 1 reverse). */
  code: number;
  /** Classic 欧皇: the highest total of snapshot values takes every item; 非酋: the lowest. */
  wins: 'highest' | 'lowest';
  /** PF v1 §7.5: tied seats ascending, `tied[uniformInt(count)]` from the battle's tiebreak stream. */
  tiebreak: 'stream';
}

export const battleRules: Record<BattleMode, BattleRule> = {
  oh: { code: 0, wins: 'highest', tiebreak: 'stream' },
  fq: { code: 1, wins: 'lowest', tiebreak: 'stream' },
};

export const ruleOfCode = (code: number): BattleMode => {
  const mode = battleModes.find((m) => battleRules[m].code === code);
  if (!mode) throw new RangeError(`battle mode ${code}`);
  return mode;
};

export interface TiebreakInput {
  serverSeed: string;
  battleId: number;
  round: number;
  randomness: string;
  seatsDigest: string;
}

/** The winning seat from each seat's total; the tiebreak stream is read only when there is a tie. */
export function pickWinner(rule: BattleRule, totals: Map<number, number>, tiebreak: TiebreakInput): { seat: number; tied: number[] } {
  const values = [...totals.values()];
  const best = rule.wins === 'highest' ? Math.max(...values) : Math.min(...values);
  const tied = [...totals.entries()]
    .filter(([, v]) => v === best)
    .map(([s]) => s)
    .sort((a, b) => a - b);
  if (tied.length === 1) return { seat: tied[0]!, tied };
  // The same stream the browser's verify page reads (packages/fairness battle.ts).
  return { seat: tied[battleTiebreakIndex(tiebreak.serverSeed, tiebreak, tied.length)]!, tied };
}
