import { caseRoll, MAX_NONCE, pickByRoll } from '@skinfair/fairness';
import { EventType, type DropItem, type OpenResult } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { runRawTransaction } from '../../platform/db/tx.js';
import { toInt, toIso } from '../../platform/db/rows.js';
import { assertMayPlay } from '../protection/index.js';
import { AppError } from '../../platform/errors.js';
import { splitSpend, spendParams, transfersExpected } from '../../platform/ledger/index.js';
import { boxForOpening, freshBoxForOpening, type LoadedBox } from '../catalog/index.js';
import { newShareId, takenPair, type ActivePair } from '../fairness/index.js';
import { announceDrops } from '../stats/index.js';
import { applyCoupon } from '../vouchers/index.js';
import { useFreeBoxGrant } from './free-boxes.js';
import { balancesPerOpening } from './opening-balances.js';
import { openInOneStatement } from './open-in-one.js';
import { LOCK_AND_TAKE_NONCES, WRITE_OPENING, type LockedForOpening, type WrittenOpening } from './open-statements.js';

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
 * A plain paid opening is one statement in autocommit, the roll drawn in the database (open-in-one.ts,
 * issue 28); when that path does not apply, two statements do the work in a transaction (open-statements.ts,
 * issue 11): the first locks and takes the nonces, the roll is computed here, the second writes the rest.
 */
export async function openBox(ctx: Ctx, req: OpenRequest) {
  let box = await boxForOpening(ctx.db, req.boxId);
  if (req.freeGrantId === undefined && req.couponId === undefined && box.box.boxType !== 0) {
    const opened = await openInOneStatement(ctx.db, req, box);
    if (opened) {
      const { results, amountPaid, balance, integral } = opened;
      announce((fn) => void fn(), ctx, req, box, opened, opened.won, opened.dropIds, opened.createTime);
      return { results, amountPaid, balance, integral };
    }
  }
  return runRawTransaction(ctx.db, async (scope) => {
    const { conn } = scope;
    const [locked] = await conn.query<LockedForOpening>(LOCK_AND_TAKE_NONCES, [
      req.userId,
      req.count,
      MAX_NONCE,
      req.boxId,
      box.version,
      box.box.priceFen,
      box.box.boxType,
    ]);
    if (!locked || locked.status !== 'active') throw new AppError('ACCOUNT_DISABLED', `user ${req.userId}`);
    if (locked.minor) throw new AppError('SPENDING_BLOCKED', 'minor');
    // The hint was stale (a new price, version or state): read the box again inside this transaction.
    if (!locked.box_current) box = await freshBoxForOpening(conn.drizzle(), req.boxId);
    if (!box.box.enabled) throw new AppError('BOX_DISABLED', `box ${req.boxId}`);
    const free = req.freeGrantId !== undefined;
    if (free) await useFreeBoxGrant(conn.drizzle(), req.userId, req.freeGrantId!, req.boxId, req.deviceId ?? null);
    else if (box.box.boxType === 0) throw new AppError('BOX_DISABLED', 'free box without a grant');
    const listTotalFen = free ? 0 : box.box.priceFen * req.count;
    const discountFen =
      !free && req.couponId !== undefined ? await applyCoupon(conn.drizzle(), req.userId, req.couponId, 1, listTotalFen) : 0;
    const amountPaid = listTotalFen - discountFen;
    // Limits, cool-off, self-exclusion (issue 18): the full check only for flagged players (decision 0042).
    if (locked.protected) await assertMayPlay(conn.drizzle(), req.userId, amountPaid);
    // Coins first, then points (spec §1); the rows are locked, so this split is what the debit will find.
    const split = splitSpend(locked, amountPaid);
    const pair = await takenPair(conn.drizzle(), req.userId, req.count, locked);
    const game = free ? ('free_case' as const) : ('case' as const);
    const outcomes = rollOutcomes(box, pair, req.count, amountPaid);
    // Each opening's own balances, in nonce order (issue 30 §4): the records chain to the one debit.
    const balances = balancesPerOpening(
      { coin: split.coinBefore, point: split.pointBefore },
      split,
      outcomes.map((o) => o.pricePaidFen),
    );
    const [written] = await conn.query<WrittenOpening>(WRITE_OPENING, [
      req.userId,
      ...spendParams(locked, split, req.userId),
      String(req.boxId),
      game,
      pair.id,
      outcomes.map((o) => o.nonce),
      outcomes.map((o) => o.rollCode),
      outcomes.map((o) => o.range.low),
      outcomes.map((o) => o.range.high),
      req.boxId,
      box.version,
      box.oddsHash,
      outcomes.map((o) => o.item.id),
      outcomes.map((o) => o.pricePaidFen),
      outcomes.map(() => newShareId()),
      balances.map((b) => b.before.coin),
      balances.map((b) => b.before.point),
      balances.map((b) => b.after.coin),
      balances.map((b) => b.after.point),
      outcomes.map((o) => o.item.recoveryPriceFen),
      locked.nickname,
      locked.avatar,
      outcomes.map((o) => o.item.name),
      outcomes.map((o) => o.item.image),
      outcomes.map((o) => o.item.grade),
      EventType.CASE_DROP,
      box.box.name,
      box.box.image,
    ]);
    const rollIds = (written?.roll_ids ?? []).map(toInt);
    const itemIds = (written?.item_ids ?? []).map(toInt);
    const dropIds = (written?.drop_ids ?? []).map(toInt);
    if (toInt(written?.transfers) !== transfersExpected(split)) throw new AppError('INSUFFICIENT_BALANCE', 'debit refused');
    if (rollIds.length !== req.count || itemIds.length !== req.count || dropIds.length !== req.count)
      throw new AppError('INTERNAL', 'opening rows');
    const who = { nickname: locked.nickname, avatar: locked.avatar };
    announce(
      scope.afterCommit,
      ctx,
      req,
      box,
      who,
      outcomes.map((o) => o.item),
      dropIds,
      toIso(written!.created_at),
    );
    const results: OpenResult[] = outcomes.map((o, k) => ({
      id: rollIds[k]!,
      boxId: req.boxId,
      boxName: box.box.name,
      giftId: o.item.id,
      giftName: o.item.name,
      giftImage: o.item.image,
      grade: o.item.grade,
      recoveryPrice: o.item.recoveryPriceFen,
      voucherId: itemIds[k]!,
      rollCode: o.rollCode,
      round: o.nonce,
      verifyId: rollIds[k]!,
      publicHash: pair.publicHash,
    }));
    return { results, amountPaid, balance: split.coinBefore - split.coinFen, integral: split.pointBefore - split.pointFen };
  });
}

/** The rolls of `count` consecutive nonces; each records its share of what was paid, the first the rounding. */
function rollOutcomes(box: LoadedBox, pair: ActivePair, count: number, amountPaid: number) {
  const share = Math.floor(amountPaid / count);
  return Array.from({ length: count }, (_, k) => {
    const nonce = pair.nonce + k;
    const { rollCode } = caseRoll(pair.serverSeed, pair.clientSeed, nonce);
    const range = pickByRoll(box.ranges, rollCode);
    return { nonce, rollCode, range, item: box.items.get(range.itemId)!, pricePaidFen: share + (k === 0 ? amountPaid - share * count : 0) };
  });
}

function announce(
  afterCommit: (fn: () => void) => void,
  ctx: Ctx,
  req: OpenRequest,
  box: LoadedBox,
  who: { nickname: string; avatar: string | null },
  items: ReadonlyArray<{ name: string; image: string | null; grade: number; recoveryPriceFen: number }>,
  dropIds: number[],
  createTime: string,
): void {
  const drops: DropItem[] = items.map((item, k) => ({
    id: dropIds[k]!,
    userId: req.userId,
    nickname: who.nickname,
    headPic: who.avatar,
    giftName: item.name,
    giftImage: item.image,
    grade: item.grade,
    recoveryPrice: item.recoveryPriceFen,
    sourceType: EventType.CASE_DROP,
    sourceId: req.boxId,
    sourceName: box.box.name,
    sourceImage: box.box.image,
    createTime,
    demo: false,
  }));
  announceDrops(afterCommit, ctx.live, drops);
}
