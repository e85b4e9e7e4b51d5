import { caseRoll, pickByRoll } from '@skinfair/fairness';
import { EventType, type OpenResult } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { AppError } from '../../platform/errors.js';
import { getBalances, spend } from '../../platform/ledger/index.js';
import { loadBoxForOpening } from '../catalog/index.js';
import { balancesAround, recordRolls, takeNonces } from '../fairness/index.js';
import { grantItems } from '../backpack/index.js';
import { recordDrops } from '../stats/index.js';
import { assertCanSpend } from '../users/index.js';
import { applyCoupon } from '../vouchers/index.js';
import { useFreeBoxGrant } from './free-boxes.js';

type Ctx = Pick<AppContext, 'db' | 'live'>;

export interface OpenRequest {
  userId: number;
  boxId: number;
  count: number;
  /** A free-box grant to spend instead of money. */
  freeGrantId?: number;
  /** A box coupon (couponType 1) taken off the total. */
  couponId?: number | undefined;
  /** The caller's device id, for the free-box cap per device (docs/decisions/0016). */
  deviceId?: string | null;
}

/**
 * One opening, one transaction (issue 4, PF v1 §4): the money (coins, then points), the nonces of the
 * locked seed pair, the rolls, the backpack items and the feed rows commit together or not at all; the
 * live event goes out after the commit. The outcome is decided here, never by the reel animation.
 */
export async function openBox(ctx: Ctx, req: OpenRequest) {
  return runInTransaction(ctx.db, async (scope) => {
    const { tx } = scope;
    const user = await assertCanSpend(tx, req.userId);
    const box = await loadBoxForOpening(tx, req.boxId);
    if (!box.box.enabled) throw new AppError('BOX_DISABLED', `box ${req.boxId}`);
    const free = req.freeGrantId !== undefined;
    if (free) await useFreeBoxGrant(tx, req.userId, req.freeGrantId!, req.boxId, req.deviceId ?? null);
    else if (box.box.boxType === 0) throw new AppError('BOX_DISABLED', 'free box without a grant');
    const listTotalFen = free ? 0 : box.box.priceFen * req.count;
    const discountFen = !free && req.couponId !== undefined ? await applyCoupon(tx, req.userId, req.couponId, 1, listTotalFen) : 0;
    const amountPaid = listTotalFen - discountFen;
    const spent = amountPaid > 0 ? await spend(tx, { userId: req.userId, amountFen: amountPaid, to: 'revenue', code: 'case_open', refType: 'box', refId: req.boxId }) : null;
    // The debit locked the coin and point rows, so this read is exactly what the game leaves; the roll
    // records keep it with the balance before (security.md: games are recalled with both).
    const balances = await getBalances(tx, req.userId);
    const around = balancesAround(balances, spent);
    // Each roll records its share of what was paid; the first absorbs the rounding.
    const share = Math.floor(amountPaid / req.count);
    const pricePaidOf = (k: number) => share + (k === 0 ? amountPaid - share * req.count : 0);
    const pair = await takeNonces(tx, req.userId, req.count);
    const outcomes = Array.from({ length: req.count }, (_, k) => {
      const nonce = pair.nonce + k;
      const { rollCode } = caseRoll(pair.serverSeed, pair.clientSeed, nonce);
      const range = pickByRoll(box.ranges, rollCode);
      return { nonce, rollCode, range, item: box.items.get(range.itemId)! };
    });
    const game = free ? ('free_case' as const) : ('case' as const);
    const rolls = await recordRolls(
      tx,
      outcomes.map((o) => ({
        userId: req.userId,
        game,
        seedPairId: pair.id,
        nonce: o.nonce,
        rollCode: o.rollCode,
        rangeLow: o.range.low,
        rangeHigh: o.range.high,
        caseId: req.boxId,
        caseVersion: box.version,
        oddsHash: box.oddsHash,
        itemId: o.item.id,
        pricePaidFen: pricePaidOf(o.nonce - pair.nonce),
        ...around,
      })),
    );
    const granted = await grantItems(
      tx,
      req.userId,
      outcomes.map((o) => ({ itemId: o.item.id, recoveryPriceFen: o.item.recoveryPriceFen })),
      { sourceType: game, sourceId: req.boxId },
    );
    await recordDrops(
      scope,
      ctx.live,
      outcomes.map((o) => ({
        userId: req.userId,
        nickname: user.nickname,
        headPic: user.avatar,
        giftName: o.item.name,
        giftImage: o.item.image,
        grade: o.item.grade,
        recoveryPriceFen: o.item.recoveryPriceFen,
        sourceType: EventType.CASE_DROP,
        sourceId: req.boxId,
        sourceName: box.box.name,
        sourceImage: box.box.image,
      })),
    );
    const results: OpenResult[] = outcomes.map((o, k) => ({
      id: rolls[k]!.id,
      boxId: req.boxId,
      boxName: box.box.name,
      giftId: o.item.id,
      giftName: o.item.name,
      giftImage: o.item.image,
      grade: o.item.grade,
      recoveryPrice: o.item.recoveryPriceFen,
      voucherId: granted[k]!.id,
      rollCode: o.rollCode,
      round: o.nonce,
      verifyId: rolls[k]!.id,
      publicHash: pair.publicHash,
    }));
    return { results, amountPaid, balance: balances.coinFen, integral: balances.pointFen };
  });
}
