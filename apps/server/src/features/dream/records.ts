import { toPage, type DreamRecord, type DreamStakeItem, type DreamTarget, type MyDreamLog, type Page } from '@skinfair/contract';
import type { Config } from '../../config.js';
import type { Executor } from '../../platform/db/client.js';
import { toInt, toIso } from '../../platform/db/rows.js';
import { ornamentPage } from '../backpack/index.js';
import { pageDreams, pageTargets, type DreamRecordRow, type TargetFilter } from './repo.js';

type DreamSettings = Config['dream'];

/**
 * GET /api/upgrade/page. Only targets within the configured price bounds are listed (the picker would
 * otherwise open on pages of items nobody may aim at); `available` says the same of each row.
 */
export async function targetPage(
  ex: Executor,
  settings: DreamSettings,
  q: Omit<TargetFilter, 'minPriceFen' | 'maxPriceFen'> & {
    priceStart?: number | undefined;
    priceEnd?: number | undefined;
    page: number;
    pageSize: number;
  },
): Promise<Page<DreamTarget>> {
  const minPriceFen = Math.max(settings.minTargetPriceFen, q.priceStart ?? 0);
  const maxPriceFen = Math.min(settings.maxTargetPriceFen, q.priceEnd ?? Number.MAX_SAFE_INTEGER);
  const { rows, totalRows } = await pageTargets(ex, { ...q, minPriceFen, maxPriceFen }, q.page, q.pageSize);
  const data = rows.map((i) => ({
    id: i.id,
    giftName: i.name,
    giftImage: i.image,
    grade: i.grade,
    exterior: i.exterior,
    type: i.category,
    recoveryPrice: i.recoveryPriceFen,
    available: i.recoveryPriceFen >= settings.minTargetPriceFen && i.recoveryPriceFen <= settings.maxTargetPriceFen,
  }));
  return toPage(data, q.page, q.pageSize, totalRows);
}

/** GET /api/upgrade/myVoucher: what is in the player's backpack now (the only state a dream can stake). */
export async function stakeItemPage(
  ex: Executor,
  userId: number,
  q: { orderByPrice?: 'asc' | 'desc' | undefined; page: number; pageSize: number },
): Promise<Page<DreamStakeItem>> {
  const sort = q.orderByPrice === 'asc' ? 2 : q.orderByPrice === 'desc' ? 1 : 0;
  const page = await ornamentPage(ex, userId, { state: 0, sort, page: q.page, pageSize: q.pageSize });
  return {
    ...page,
    pageData: page.pageData.map((o) => ({
      id: o.id,
      giftId: o.giftId,
      giftName: o.giftName,
      giftImage: o.giftImage,
      grade: o.grade,
      recoveryPrice: o.recoveryPrice,
    })),
  };
}

const stateOf = (r: DreamRecordRow) => (r.won ? 1 : 2);

/** GET /api/upgrade/upgradeRecordPage: the site's recent dreams, wins and losses. */
export async function recordPage(ex: Executor, page: number, pageSize: number): Promise<Page<DreamRecord>> {
  const { rows, totalRows } = await pageDreams(ex, null, page, pageSize);
  const data = rows.map((r) => ({
    id: toInt(r.id),
    customerId: toInt(r.user_id),
    // The same name the live drop feed shows for the same win.
    nickname: r.nickname,
    headPic: r.avatar,
    state: stateOf(r),
    probability: toInt(r.probability),
    rollCode: toInt(r.roll_code),
    rollCodeLow: toInt(r.range_low),
    rollCodeHigh: toInt(r.range_high),
    dreamFee: toInt(r.fee_fen),
    winVoucherName: r.target_name,
    winVoucherImg: r.target_image,
    winRecoveryPrice: toInt(r.target_price_fen),
    grade: toInt(r.grade),
    // Every dream on the public list can be checked by anyone: the roll's share id, never its number.
    shareId: r.public_id,
    createTime: toIso(r.created_at),
  }));
  return toPage(data, page, pageSize, totalRows);
}

/** GET /api/personalCenter/getMyDreamLog (spec §3, §7: target item, dreamFee, roll code and its range). */
export async function myDreamLog(ex: Executor, userId: number, page: number, pageSize: number): Promise<Page<MyDreamLog>> {
  const { rows, totalRows } = await pageDreams(ex, userId, page, pageSize);
  const data = rows.map((r) => ({
    id: toInt(r.id),
    createTime: toIso(r.created_at),
    dreamFee: toInt(r.fee_fen),
    coinsPaid: toInt(r.coins_paid_fen),
    itemsValue: toInt(r.items_value_fen),
    state: stateOf(r),
    stateDesc: r.won ? '成功' : '失败',
    probability: toInt(r.probability),
    rollCode: toInt(r.roll_code),
    rollCodeLow: toInt(r.range_low),
    rollCodeHigh: toInt(r.range_high),
    publicHash: r.public_hash,
    verifyId: toInt(r.roll_id),
    winVoucherName: r.target_name,
    winVoucherImg: r.target_image,
    winRecoveryPrice: toInt(r.target_price_fen),
  }));
  return toPage(data, page, pageSize, totalRows);
}
