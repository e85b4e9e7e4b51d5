import { toPage, type ErrorCode, type Page } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import type { Executor, Tx } from '../../platform/db/client.js';
import { toIso } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { AppError, isAppError } from '../../platform/errors.js';
import { credit } from '../../platform/ledger/index.js';
import { hitThrottle, releaseThrottle } from '../../platform/throttle/index.js';
import { addressKey } from '../../platform/http/exposure.js';
import { grantItems } from '../backpack/index.js';
import { grantVoucher } from '../vouchers/index.js';
import { grantFreeBox } from '../cases/index.js';
import { itemsByIds } from '../catalog/index.js';
import { sendMessage } from '../messages/index.js';
import { requireActiveUser } from '../users/index.js';
import { claimBonus } from '../bonus-claims/index.js';
import { GOLDEN_CODE_PATTERN, type GoldenCodeRecord, type GoldenCodeReward } from '@skinfair/contract';
import {
  findBox,
  findByCode,
  hasRedeemed,
  insertGoldenCode,
  insertRedemption,
  pageRedemptions,
  takeUse,
  type GoldenCodeRow,
} from './repo.js';
import type { GoldenCodeRewardType } from './tables.js';

/**
 * The refusals of a redemption. Until the catalogue has its own GOLDEN_CODE_* codes (texts in the
 * feature's report), each maps to the closest existing code; change them here and only here.
 *   invalid          "Golden Code 无效或已过期"   unknown and expired answer alike (nothing to learn)
 *   usedUp           "Golden Code 已被领完"
 *   alreadyRedeemed  "您已领取过该 Golden Code"
 *   tooManyTries     "尝试次数过多，请1小时后再试"
 */
export const goldenCodeRefusals = {
  invalid: 'GOLDEN_CODE_INVALID',
  usedUp: 'GOLDEN_CODE_USED_UP',
  alreadyRedeemed: 'GOLDEN_CODE_ALREADY_REDEEMED',
  tooManyTries: 'GOLDEN_CODE_TOO_MANY_TRIES',
} as const satisfies Record<string, ErrorCode>;

/** Guess protection (issue 5 §7): failed tries per hour, counted in the database so every node shares them. */
export const GUESS_WINDOW_MS = 3_600_000;
export const MAX_FAILED_TRIES_PER_USER = 10;
export const MAX_FAILED_TRIES_PER_IP = 30;
/** A box won by a code can be opened for this long (the code's own expiry may be tomorrow). */
const BOX_GRANT_VALID_MS = 30 * 24 * 3_600_000;
/** Only these refusals are failed guesses; "you already have it" tells nothing about other codes. */
const FAILED_GUESS: ReadonlySet<ErrorCode> = new Set([goldenCodeRefusals.invalid, goldenCodeRefusals.usedUp]);

export interface NewGoldenCode {
  code: string;
  rewardType: GoldenCodeRewardType;
  amountFen?: number | undefined;
  itemId?: number | undefined;
  boxId?: number | undefined;
  /** Coupon codes: 0 shop, 1 box, 2 recharge; discount in basis points; minimum spend in fen. */
  couponType?: number | undefined;
  discountBp?: number | undefined;
  minSpendFen?: number | undefined;
  /** Coupon codes: the most one coupon takes off, fen (the console requires it; the CLI may leave it out). */
  maxDiscountFen?: number | undefined;
  maxUses: number;
  expiresAt: Date;
  note?: string | undefined;
}

const invalidInput = (detail: string) => new AppError('PARAM_INVALID', detail);
const isPositiveInt = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 1;

/** Operators only (the CLI, the demo seed): checks the whole code before anything is written. */
export async function createGoldenCode(tx: Executor, input: NewGoldenCode): Promise<GoldenCodeRow> {
  const code = input.code.trim().toUpperCase();
  if (!GOLDEN_CODE_PATTERN.test(code)) throw invalidInput('code must be 6-32 letters or digits');
  if (!isPositiveInt(input.maxUses) || input.maxUses > 2_147_483_647) throw invalidInput('maxUses must be an integer ≥ 1');
  if (!(input.expiresAt instanceof Date) || !(input.expiresAt.getTime() > Date.now()))
    throw invalidInput('expiresAt must be in the future');
  if (input.rewardType === 'coupon') return createCouponCode(tx, code, input);
  const given = (['amountFen', 'itemId', 'boxId'] as const).filter((k) => input[k] !== undefined && input[k] !== null);
  const needed = { coin: 'amountFen', item: 'itemId', box: 'boxId' }[input.rewardType] as 'amountFen' | 'itemId' | 'boxId' | undefined;
  if (!needed) throw invalidInput(`rewardType must be coin, item, box or coupon`);
  if (given.length !== 1 || given[0] !== needed) throw invalidInput(`a ${input.rewardType} code needs exactly ${needed}`);
  const value = input[needed];
  if (!isPositiveInt(value)) throw invalidInput(`${needed} must be a positive integer`);
  if (needed === 'itemId' && (await itemsByIds(tx, [value])).length === 0)
    throw new AppError('ADMIN_GOLDEN_CODE_REWARD', `no item ${value}`);
  if (needed === 'boxId' && !(await findBox(tx, value))) throw new AppError('ADMIN_GOLDEN_CODE_REWARD', `no box ${value}`);
  const row = await insertGoldenCode(tx, {
    code,
    rewardType: input.rewardType,
    amountFen: input.amountFen ?? null,
    itemId: input.itemId ?? null,
    boxId: input.boxId ?? null,
    maxUses: input.maxUses,
    expiresAt: input.expiresAt,
    note: input.note ?? null,
  });
  if (!row) throw new AppError('ADMIN_GOLDEN_CODE_EXISTS', `code ${code} exists`);
  return row;
}

/** A coupon code: its coupon type (0 shop, 1 box, 2 recharge), discount in basis points, minimum spend. */
async function createCouponCode(tx: Executor, code: string, input: NewGoldenCode): Promise<GoldenCodeRow> {
  const { couponType, discountBp, minSpendFen, maxDiscountFen } = input;
  if (input.amountFen != null || input.itemId != null || input.boxId != null) throw invalidInput('a coupon code carries only the coupon');
  if (couponType !== 0 && couponType !== 1 && couponType !== 2) throw invalidInput('couponType must be 0, 1 or 2');
  if (!isPositiveInt(discountBp) || discountBp > 10_000) throw invalidInput('discountBp must be 1..10000');
  if (maxDiscountFen !== undefined && !isPositiveInt(maxDiscountFen)) throw invalidInput('maxDiscountFen must be ≥ 1');
  const row = await insertGoldenCode(tx, {
    code,
    rewardType: 'coupon',
    couponType,
    discountBp,
    minSpendFen: minSpendFen ?? 0,
    maxDiscountFen: maxDiscountFen ?? null,
    maxUses: input.maxUses,
    expiresAt: input.expiresAt,
    note: input.note ?? null,
  });
  if (!row) throw new AppError('ADMIN_GOLDEN_CODE_EXISTS', `code ${code} exists`);
  return row;
}

const COUPON_KINDS = ['商城', '开箱', '充值'] as const;
const couponName = (row: GoldenCodeRow) => `${COUPON_KINDS[row.couponType!]}${(10_000 - row.discountBp!) / 1000}折券`;

/** The demo's code: ¥8.88 in coins, 1000 uses, a year. Idempotent. */
export async function seedDemoGoldenCode(db: Executor): Promise<void> {
  await insertGoldenCode(db, {
    code: 'SKINFAIR2026',
    rewardType: 'coin',
    amountFen: 888,
    maxUses: 1000,
    expiresAt: new Date(Date.now() + 365 * 24 * 3_600_000),
    note: 'demo seed',
  });
}

/** Why a live use could not be taken; unknown and expired answer alike. */
async function refusalFor(tx: Tx, code: string, userId: number): Promise<ErrorCode> {
  const found = await findByCode(tx, code);
  if (!found || !found.live) return goldenCodeRefusals.invalid;
  if (await hasRedeemed(tx, code, userId)) return goldenCodeRefusals.alreadyRedeemed;
  return goldenCodeRefusals.usedUp;
}

async function grantReward(tx: Tx, row: GoldenCodeRow, userId: number, redemptionId: number): Promise<GoldenCodeReward> {
  if (row.rewardType === 'coin') {
    const amountFen = row.amountFen!;
    await credit(tx, {
      userId,
      kind: 'coin',
      amountFen,
      from: 'promotions',
      code: 'golden_code',
      refType: 'golden_code',
      refId: row.id,
      idempotencyKey: `golden:${row.id}:${userId}`,
    });
    return { rewardType: 'coin', amount: amountFen };
  }
  if (row.rewardType === 'item') {
    const [item] = await itemsByIds(tx, [row.itemId!]);
    if (!item) throw new AppError('INTERNAL', `golden code ${row.id}: item ${row.itemId} missing`);
    await grantItems(tx, userId, [{ itemId: item.id, recoveryPriceFen: item.recoveryPriceFen }], {
      sourceType: 'golden_code',
      sourceId: redemptionId,
    });
    return { rewardType: 'item', amount: item.recoveryPriceFen, itemName: item.name };
  }
  if (row.rewardType === 'coupon') {
    const name = couponName(row);
    await grantVoucher(tx, {
      userId,
      voucherType: 1,
      couponType: row.couponType,
      name,
      discountBp: row.discountBp!,
      minSpendFen: row.minSpendFen ?? 0,
      maxDiscountFen: row.maxDiscountFen,
      source: 'golden_code',
      grantKey: `golden:${row.id}`,
      expiresAt: new Date(Date.now() + BOX_GRANT_VALID_MS),
    });
    return { rewardType: 'coupon', amount: 0, couponName: name };
  }
  const box = await findBox(tx, row.boxId!);
  if (!box) throw new AppError('INTERNAL', `golden code ${row.id}: box ${row.boxId} missing`);
  await grantFreeBox(tx, {
    userId,
    boxId: box.id,
    reason: 'golden_code',
    grantKey: `golden:${row.id}`,
    expiresAt: new Date(Date.now() + BOX_GRANT_VALID_MS),
  });
  return { rewardType: 'box', amount: box.priceFen, boxName: box.name };
}

const rewardText = (r: GoldenCodeReward) =>
  r.rewardType === 'coin'
    ? `¥${(r.amount / 100).toFixed(2)} 金币`
    : r.rewardType === 'item'
      ? `饰品「${r.itemName}」`
      : r.rewardType === 'coupon'
        ? `优惠券「${r.couponName}」`
        : `免费箱子「${r.boxName}」`;

/**
 * Redeems a code for a player (issue 5 §7). Guess protection first: each attempt reserves one count on
 * the player's and the IP's hourly counter before the code is looked at, so concurrent guesses cannot
 * slip past the limit together; the reservation is given back unless the attempt was a failed guess.
 * Then one transaction: take a use (row-locked), record the redemption (one per player), grant, notify.
 * Any refusal inside rolls the whole transaction back, the taken use included.
 */
export async function redeemGoldenCode(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
  code: string,
  ip: string,
  deviceId: string | null = null,
): Promise<GoldenCodeReward> {
  const normalized = code.trim().toUpperCase();
  const counters = [
    { key: `golden:fail:user:${userId}`, limit: MAX_FAILED_TRIES_PER_USER },
    // An IPv6 subscriber holds a whole /64: counted per address, the limit would be free to dodge.
    { key: `golden:fail:ip:${addressKey(ip)}`, limit: MAX_FAILED_TRIES_PER_IP },
  ];
  const hits = await Promise.all(counters.map((c) => hitThrottle(ctx.db, c.key, GUESS_WINDOW_MS, c.limit)));
  const release = () => Promise.all(counters.map((c) => releaseThrottle(ctx.db, c.key)));
  if (hits.some((h) => !h.allowed)) {
    await release();
    throw new AppError(goldenCodeRefusals.tooManyTries, `golden code guesses user ${userId} ip ${ip}`);
  }
  try {
    const reward = await runInTransaction(ctx.db, async ({ tx }) => {
      await requireActiveUser(tx, userId);
      // A cheap early answer for a repeat; the unique (code, user) pair below is what guarantees it.
      if (await hasRedeemed(tx, normalized, userId)) throw new AppError(goldenCodeRefusals.alreadyRedeemed);
      const row = await takeUse(tx, normalized);
      if (!row) throw new AppError(await refusalFor(tx, normalized, userId));
      const redemption = await insertRedemption(tx, row.id, userId);
      if (!redemption) throw new AppError(goldenCodeRefusals.alreadyRedeemed, 'concurrent repeat');
      // Once per device and per real-name identity too (docs/decisions/0016), not once per phone number.
      await claimBonus(tx, { kind: `golden:${row.id}`, userId, deviceId });
      const granted = await grantReward(tx, row, userId, redemption.id);
      await sendMessage(tx, userId, {
        type: 'reward',
        title: 'Golden Code 领取成功',
        content: `您已成功领取 Golden Code 奖励：${rewardText(granted)}。`,
      });
      return granted;
    });
    await release().catch(() => undefined); // the reward is committed; a lost release only costs a count
    return reward;
  } catch (err) {
    if (!(isAppError(err) && FAILED_GUESS.has(err.code))) await release().catch(() => undefined);
    throw err;
  }
}

/** "****2026": only the last 4 characters of a code are shown back. */
export const maskCode = (code: string) => `${'*'.repeat(Math.max(code.length - 4, 0))}${code.slice(-4)}`;

export async function goldenCodeRecords(ex: Executor, userId: number, page: number, pageSize: number): Promise<Page<GoldenCodeRecord>> {
  const { rows, totalRows } = await pageRedemptions(ex, userId, page, pageSize);
  const data = rows.map(({ redemption, code, itemName, itemValueFen, boxName, boxPriceFen }): GoldenCodeRecord => {
    const base = {
      id: redemption.id,
      code: maskCode(code.code),
      rewardType: code.rewardType,
      createTime: toIso(redemption.createdAt),
    };
    if (code.rewardType === 'item') return { ...base, amount: itemValueFen ?? 0, ...(itemName ? { itemName } : {}) };
    if (code.rewardType === 'box') return { ...base, amount: boxPriceFen ?? 0, ...(boxName ? { boxName } : {}) };
    if (code.rewardType === 'coupon') return { ...base, amount: 0, couponName: couponName(code) };
    return { ...base, amount: code.amountFen ?? 0 };
  });
  return toPage(data, page, pageSize, totalRows);
}
