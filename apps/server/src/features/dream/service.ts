import { dreamFee, dreamRoll, dreamWins, MAX_NONCE } from '@skinfair/fairness';
import { DREAM_MAX_STAKE_ITEMS, EventType, type DreamConfig, type DreamResult, type DropItem } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import type { Config } from '../../config.js';
import { runRawTransaction } from '../../platform/db/tx.js';
import { toInt, toIso } from '../../platform/db/rows.js';
import { assertMayPlay } from '../protection/index.js';
import { AppError } from '../../platform/errors.js';
import { splitSpend, spendParams, transfersExpected } from '../../platform/ledger/index.js';
import { newShareId, takenPair } from '../fairness/index.js';
import { currentDreamSettings } from './settings.js';
import { announceDrops } from '../stats/index.js';
import { LOCK_ITEMS_FOR_SELL_BACK } from '../backpack/index.js';
import {
  LOCK_AND_TAKE_NONCE,
  STAKE_ITEMS,
  WRITE_DREAM,
  type LockedForDream,
  type StakedItems,
  type WrittenDream,
} from './start-statements.js';

type Ctx = Pick<AppContext, 'db' | 'live' | 'config'>;
type DreamSettings = Config['dream'];

/** What the client previews with (spec §5: the bounds are parameters, served to the client). */
export function dreamConfig(settings: DreamSettings): DreamConfig {
  return {
    minProbability: settings.minProbability,
    maxProbability: settings.maxProbability,
    returnRateBp: settings.returnRateBp,
    maxStakeItems: DREAM_MAX_STAKE_ITEMS,
    minTargetPrice: settings.minTargetPriceFen,
    maxTargetPrice: settings.maxTargetPriceFen,
  };
}

export const isAvailableTarget = (settings: DreamSettings, priceFen: number) =>
  priceFen >= settings.minTargetPriceFen && priceFen <= settings.maxTargetPriceFen;

export interface StartDream {
  userId: number;
  targetItemId: number;
  /** P in 1/100000. */
  probability: number;
  /** Backpack item ids to stake. */
  stakeItemIds: number[];
  /** The coins (fen) the player confirmed paying: never charge more (a price moved in between). */
  confirmedCoinsFen: number;
}

/**
 * One dream, one transaction (issue 13, PF v1 §4 and §6): the staked items leave the backpack, the
 * accounts and the seed pair are locked and one nonce taken, the fee is priced from the target's price
 * now, the rest after the items' value is spent (coins, then points), the roll decides, and on a win the
 * target enters the backpack. Any refusal rolls everything back: no item, money or nonce is consumed.
 * The feed's live event goes out after the commit.
 */
export async function startDream(ctx: Ctx, req: StartDream): Promise<DreamResult> {
  // The console may override the environment's values (issue 16 screen 9); read once per dream.
  const settings = await currentDreamSettings(ctx);
  if (req.probability < settings.minProbability || req.probability > settings.maxProbability)
    throw new AppError('DREAM_PROBABILITY_OUT_OF_RANGE', `P ${req.probability}`);
  const stakeIds = [...new Set(req.stakeItemIds)];
  if (stakeIds.length > DREAM_MAX_STAKE_ITEMS) throw new AppError('PARAM_INVALID', `${stakeIds.length} items`);
  return runRawTransaction(ctx.db, async (scope) => {
    const { conn } = scope;
    await conn.query(LOCK_ITEMS_FOR_SELL_BACK, [req.userId, stakeIds]);
    const [staked] = await conn.query<StakedItems>(STAKE_ITEMS, [req.userId, stakeIds]);
    if (toInt(staked?.n) !== stakeIds.length) throw new AppError('ITEM_NOT_AVAILABLE', `${toInt(staked?.n)}/${stakeIds.length}`);
    const dreamId = toInt(staked!.dream_id);
    const itemsValueFen = toInt(staked!.fen);
    const [locked] = await conn.query<LockedForDream>(LOCK_AND_TAKE_NONCE, [req.userId, MAX_NONCE, req.targetItemId]);
    if (!locked || locked.status !== 'active') throw new AppError('ACCOUNT_DISABLED', `user ${req.userId}`);
    if (locked.minor) throw new AppError('SPENDING_BLOCKED', 'minor');
    if (locked.target_id === null) throw new AppError('DREAM_TARGET_NOT_FOUND', `item ${req.targetItemId}`);
    const targetPriceFen = toInt(locked.target_price_fen);
    if (!isAvailableTarget(settings, targetPriceFen)) throw new AppError('DREAM_TARGET_UNAVAILABLE', `price ${targetPriceFen}`);
    const feeFen = dreamFee(targetPriceFen, req.probability, settings.returnRateBp);
    // The player lowers the items or raises P: the house never keeps value beyond the fee (decision 0027).
    if (itemsValueFen > feeFen) throw new AppError('DREAM_ITEMS_EXCEED_FEE', `${itemsValueFen} > ${feeFen}`);
    const coinsFen = feeFen - itemsValueFen;
    if (coinsFen > req.confirmedCoinsFen) throw new AppError('DREAM_PRICE_CHANGED', `${coinsFen} > ${req.confirmedCoinsFen}`);
    if (locked.protected) await assertMayPlay(conn.drizzle(), req.userId, coinsFen);
    const split = splitSpend(locked, coinsFen);
    const pair = await takenPair(conn.drizzle(), req.userId, 1, locked);
    const { rollCode } = dreamRoll(pair.serverSeed, pair.clientSeed, pair.nonce);
    const won = dreamWins(rollCode, req.probability);
    const target = { name: locked.target_name!, image: locked.target_image, grade: toInt(locked.target_grade) };
    const coinAfter = split.coinBefore - split.coinFen;
    const pointAfter = split.pointBefore - split.pointFen;
    const [written] = await conn.query<WrittenDream>(WRITE_DREAM, [
      req.userId,
      ...spendParams(locked, split, req.userId),
      dreamId,
      String(dreamId),
      pair.id,
      pair.nonce,
      rollCode,
      req.probability,
      req.targetItemId,
      feeFen,
      newShareId(),
      split.coinBefore,
      split.pointBefore,
      coinAfter,
      pointAfter,
      targetPriceFen,
      settings.returnRateBp,
      won,
      coinsFen,
      itemsValueFen,
      stakeIds,
      locked.nickname,
      locked.avatar,
      target.name,
      target.image,
      target.grade,
      EventType.UPGRADE_DROP,
      '追梦',
    ]);
    if (toInt(written?.transfers) !== transfersExpected(split)) throw new AppError('INSUFFICIENT_BALANCE', 'debit refused');
    if (written?.roll_id == null || toInt(written.dream_id) !== dreamId || (written.item_id == null) === won)
      throw new AppError('INTERNAL', 'dream rows');
    const rollId = toInt(written.roll_id);
    const voucherId = won ? toInt(written.item_id) : null;
    if (won) {
      const drop: DropItem = {
        id: toInt(written.drop_id),
        userId: req.userId,
        nickname: locked.nickname,
        headPic: locked.avatar,
        giftName: target.name,
        giftImage: target.image,
        grade: target.grade,
        recoveryPrice: targetPriceFen,
        sourceType: EventType.UPGRADE_DROP,
        sourceId: dreamId,
        sourceName: '追梦',
        sourceImage: null,
        createTime: toIso(written.created_at),
        demo: false,
      };
      // Only wins are drops (spec §4 event 22): a loss puts nothing on the feed.
      announceDrops(scope.afterCommit, ctx.live, [drop]);
    }
    return {
      id: dreamId,
      won,
      probability: req.probability,
      rollCode,
      rollCodeLow: 1,
      rollCodeHigh: req.probability,
      dreamFee: feeFen,
      coinsPaid: coinsFen,
      itemsValue: itemsValueFen,
      publicHash: pair.publicHash,
      clientSeed: pair.clientSeed,
      nonce: pair.nonce,
      verifyId: rollId,
      giftId: req.targetItemId,
      giftName: target.name,
      giftImage: target.image,
      grade: target.grade,
      recoveryPrice: targetPriceFen,
      voucherId,
      balance: coinAfter,
      integral: pointAfter,
    };
  });
}
