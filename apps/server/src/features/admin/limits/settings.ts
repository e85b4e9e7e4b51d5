import { z } from 'zod';
import {
  RETURN_CEILING_MAX_BP,
  RETURN_CEILING_MIN_BP,
  LIMIT_MAX_FEN,
  valueKinds,
  type LimitSettings,
  type LimitSettingsParams,
  type ValueKind,
} from '@skinfair/contract';
import type { Db, Executor } from '../../../platform/db/client.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { readSettings, writeSetting } from '../../common/index.js';
import { audited, type Actor } from '../audit.js';

/** site_settings key of the insider limits (decision 0048). */
export const LIMIT_SETTINGS_KEY = 'insiderLimits';

export interface KindLimitValues {
  capFen: number;
  approvalAboveFen: number;
}
export interface LimitValues {
  kinds: Record<ValueKind, KindLimitValues>;
  boxReturnCeilingBp: number;
}

/**
 * The defaults (decision 0048): about a day's ordinary work of one operator, each single action above a
 * routine size waiting for a second operator. A red packet or coupon is at most ¥1,000, so the two larger
 * of those already need approval; a Golden Code or official giveaway is a campaign, so it gets more room.
 */
export const DEFAULT_LIMITS: LimitValues = {
  kinds: {
    redPacket: { capFen: 200_000, approvalAboveFen: 50_000 },
    coupon: { capFen: 200_000, approvalAboveFen: 50_000 },
    goldenCode: { capFen: 2_000_000, approvalAboveFen: 200_000 },
    balanceCredit: { capFen: 1_000_000, approvalAboveFen: 100_000 },
    officialGiveaway: { capFen: 2_000_000, approvalAboveFen: 200_000 },
  },
  boxReturnCeilingBp: 9_800,
};

const fen = z.number().int().min(0).max(LIMIT_MAX_FEN);
const storedSchema = z.object({
  kinds: z.object(
    Object.fromEntries(valueKinds.map((k) => [k, z.object({ capFen: fen, approvalAboveFen: fen })])) as Record<
      ValueKind,
      z.ZodObject<{ capFen: typeof fen; approvalAboveFen: typeof fen }>
    >,
  ),
  boxReturnCeilingBp: z.number().int().min(RETURN_CEILING_MIN_BP).max(RETURN_CEILING_MAX_BP),
  savedAt: z.string(),
});

/** The values in force: the saved ones, or the defaults when none were saved (or a hand edit broke them). */
export async function readLimits(ex: Executor): Promise<LimitValues & { savedAt: string | null }> {
  const stored = storedSchema.safeParse((await readSettings(ex)).get(LIMIT_SETTINGS_KEY));
  return stored.success ? stored.data : { ...DEFAULT_LIMITS, savedAt: null };
}

const kindRows = (v: LimitValues) => valueKinds.map((kind) => ({ kind, ...v.kinds[kind] }));

export async function limitSettings(db: Db): Promise<LimitSettings> {
  const current = await readLimits(db);
  return {
    kinds: kindRows(current),
    boxReturnCeilingBp: current.boxReturnCeilingBp,
    defaults: { kinds: kindRows(DEFAULT_LIMITS), boxReturnCeilingBp: DEFAULT_LIMITS.boxReturnCeilingBp },
    updatedAt: current.savedAt,
  };
}

/** Admins only (limits.write): every value at once, with one audit row holding them before and after. */
export async function saveLimitSettings(db: Db, actor: Actor, p: LimitSettingsParams): Promise<LimitSettings> {
  await runInTransaction(db, async ({ tx }) => {
    const before = await readLimits(tx);
    const after: LimitValues = {
      kinds: Object.fromEntries(
        valueKinds.map((k) => [k, { capFen: p[`${k}CapFen`], approvalAboveFen: p[`${k}ApprovalFen`] }]),
      ) as LimitValues['kinds'],
      boxReturnCeilingBp: p.boxReturnCeilingBp,
    };
    await writeSetting(tx, LIMIT_SETTINGS_KEY, { ...after, savedAt: new Date().toISOString() });
    await audited(
      tx,
      actor,
      'limits.settings',
      { type: 'site_settings', id: LIMIT_SETTINGS_KEY },
      { kinds: before.kinds, boxReturnCeilingBp: before.boxReturnCeilingBp },
      { ...after, reason: p.reason },
    );
  });
  return limitSettings(db);
}
