import {
  caseRoll,
  CLIENT_SEED_PATTERN,
  dreamFee,
  dreamRoll,
  MAX_NONCE,
  oddsHash,
  pickByRoll,
  publicHash,
  SECRET_SALT_PATTERN,
  SERVER_SEED_PATTERN,
  type RollRange,
  type RollTrace,
} from '@skinfair/fairness';

/**
 * The browser-side verification of one roll (PF v1 §2, §3, §5, §10): every step is recomputed here with
 * the same package the server uses, so the page proves something only the published code decides (W11).
 */
export type Game = 'case' | 'free_case' | 'dream';

export interface VerifyInput {
  game: Game;
  serverSeed: string;
  secretSalt: string;
  /** The commitment shown before the roll; empty = not checked. */
  publicHash: string;
  clientSeed: string;
  nonce: number;
  /** Case range table; for dream the win range is 1–rangeHigh. */
  ranges: RollRange[];
  rangeHigh?: number | null;
  /** What the server recorded, compared with the recomputation when given. */
  recorded?: {
    rollCode: number;
    itemId: number | null;
    caseId: number | null;
    caseVersion: number | null;
    oddsHash: string | null;
  };
}

export type VerifyProblem = 'serverSeed' | 'secretSalt' | 'clientSeed' | 'nonce';

export interface VerifyOutcome {
  computedHash: string;
  /** null when no public hash was given. */
  commitmentOk: boolean | null;
  trace: RollTrace;
  /** The HMAC message of each block used ("{prefix}:{cursor}"). */
  messages: string[];
  hit: RollRange | null;
  /** Dream: whether the roll falls in 1–P. */
  dreamWin: boolean | null;
  rollOk: boolean | null;
  itemOk: boolean | null;
  oddsHash: { computed: string; ok: boolean } | null;
}

/** The formats of PF v1 §1, checked before any hashing (closes W1). */
export function checkInput(input: Pick<VerifyInput, 'serverSeed' | 'secretSalt' | 'clientSeed' | 'nonce'>): VerifyProblem[] {
  const problems: VerifyProblem[] = [];
  if (!SERVER_SEED_PATTERN.test(input.serverSeed)) problems.push('serverSeed');
  if (!SECRET_SALT_PATTERN.test(input.secretSalt)) problems.push('secretSalt');
  if (!CLIENT_SEED_PATTERN.test(input.clientSeed)) problems.push('clientSeed');
  if (!Number.isSafeInteger(input.nonce) || input.nonce < 0 || input.nonce > MAX_NONCE) problems.push('nonce');
  return problems;
}

function findHit(ranges: RollRange[], code: number): RollRange | null {
  try {
    return ranges.length > 0 ? pickByRoll(ranges, code) : null;
  } catch {
    return null;
  }
}

export function verifyRoll(input: VerifyInput): VerifyOutcome {
  const computedHash = publicHash(input.serverSeed, input.secretSalt);
  const trace =
    input.game === 'dream'
      ? dreamRoll(input.serverSeed, input.clientSeed, input.nonce)
      : caseRoll(input.serverSeed, input.clientSeed, input.nonce);
  const hit = input.game === 'dream' ? null : findHit(input.ranges, trace.rollCode);
  const dreamWin = input.game === 'dream' && input.rangeHigh ? trace.rollCode <= input.rangeHigh : null;
  const rec = input.recorded;
  const odds =
    rec?.caseId != null && rec.caseVersion != null && rec.oddsHash && input.ranges.length > 0
      ? oddsHash(rec.caseId, rec.caseVersion, input.ranges)
      : null;
  return {
    computedHash,
    commitmentOk: input.publicHash ? computedHash === input.publicHash.trim().toLowerCase() : null,
    trace,
    messages: trace.blocks.map((_, cursor) => `${trace.prefix}:${cursor}`),
    hit,
    dreamWin,
    rollOk: rec ? rec.rollCode === trace.rollCode : null,
    itemOk: rec && rec.itemId != null && hit ? rec.itemId === hit.itemId : null,
    oddsHash: odds && rec?.oddsHash ? { computed: odds, ok: odds === rec.oddsHash } : null,
  };
}

export interface DreamFeeCheck {
  targetPrice: number;
  probability: number;
  returnRateBp: number;
  computed: number;
  recorded: number;
  ok: boolean;
}

/**
 * PF v1 §6: a dream's fee follows from the target price snapshot, P (the top of the win range 1–P) and the
 * return rate, so anyone can recompute what the player was charged; it needs no seed. Null when the record
 * is not a dream or predates the fee fields.
 */
export function verifyDreamFee(record: {
  game: Game;
  rangeHigh: number;
  dreamFee: number | null;
  targetPrice: number | null;
  returnRateBp: number | null;
}): DreamFeeCheck | null {
  const { dreamFee: recorded, targetPrice, returnRateBp } = record;
  if (record.game !== 'dream' || recorded === null || targetPrice === null || returnRateBp === null || returnRateBp <= 0) {
    return null;
  }
  const computed = dreamFee(targetPrice, record.rangeHigh, returnRateBp);
  return { targetPrice, probability: record.rangeHigh, returnRateBp, computed, recorded, ok: computed === recorded };
}

/** "itemId:low:high" per line (the oddsHash line format); blank lines ignored; null when a line is bad. */
export function parseRanges(text: string): RollRange[] | null {
  const ranges: RollRange[] = [];
  for (const line of text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    const m = /^(\d+)\s*[:,\s]\s*(\d+)\s*[:,\s–-]\s*(\d+)$/.exec(line);
    if (!m) return null;
    ranges.push({ itemId: Number(m[1]), low: Number(m[2]), high: Number(m[3]) });
  }
  return ranges;
}
