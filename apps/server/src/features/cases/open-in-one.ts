import { MAX_NONCE } from '@skinfair/fairness';
import { EventType, type OpenResult } from '@skinfair/contract';
import type { Db } from '../../platform/db/client.js';
import { rawRunnerOf } from '../../platform/db/raw.js';
import { commitHooks } from '../../platform/db/tx.js';
import { toInt, toIso } from '../../platform/db/rows.js';
import { houseAccountId } from '../../platform/ledger/index.js';
import type { LoadedBox } from '../catalog/index.js';
import { newShareId } from '../fairness/index.js';
import { OPEN_IN_ONE, type OpenedInOne } from './open-one-statement.js';

/** An item of the box's version, as the opening won it. */
type BoxItem = LoadedBox['items'] extends Map<number, infer I> ? I : never;

export interface PlainOpening {
  userId: number;
  boxId: number;
  count: number;
}

export interface OpenedOutcome {
  results: OpenResult[];
  amountPaid: number;
  balance: number;
  integral: number;
  /** What the live feed announces (the caller publishes it: the statement has committed). */
  nickname: string;
  avatar: string | null;
  won: BoxItem[];
  dropIds: number[];
  createTime: string;
}

/**
 * A paid opening without a coupon, a free-box grant or an Idempotency-Key (whose answer must commit with
 * the opening, in its transaction) tries the one-statement path first (issue 28). `null` means it wrote
 * nothing — a refusal, a protected player, a stale box hint, a first opening without a seed pair — and the
 * caller runs the transaction, which decides and answers exactly as before.
 */
export async function openInOneStatement(db: Db, req: PlainOpening, box: LoadedBox): Promise<OpenedOutcome | null> {
  const single = rawRunnerOf(db).single;
  if (!single || commitHooks.getStore()) return null;
  const ranges = box.ranges.map((r) => ({ range: r, item: box.items.get(r.itemId)! }));
  const shareIds = Array.from({ length: req.count }, () => newShareId());
  const [row] = await single<OpenedInOne>(OPEN_IN_ONE, [
    req.userId,
    req.count,
    MAX_NONCE,
    req.boxId,
    box.version,
    box.box.priceFen,
    box.box.boxType,
    houseAccountId('revenue', req.userId),
    String(req.boxId),
    'case',
    ranges.map((x) => x.range.low),
    ranges.map((x) => x.range.high),
    ranges.map((x) => x.item.id),
    ranges.map((x) => x.item.recoveryPriceFen),
    ranges.map((x) => x.item.name),
    ranges.map((x) => x.item.image),
    ranges.map((x) => x.item.grade),
    box.oddsHash,
    shareIds,
    EventType.CASE_DROP,
    box.box.name,
    box.box.image,
  ]);
  if (!row || toInt(row.went) === 0) return null;
  const rollIds = row.roll_ids!.map(toInt);
  const itemIds = row.item_ids!.map(toInt);
  const codes = row.roll_codes!.map(toInt);
  const won = row.won_item_ids!.map((id) => box.items.get(toInt(id))!);
  const firstNonce = toInt(row.first_nonce);
  const results: OpenResult[] = won.map((item, k) => ({
    id: rollIds[k]!,
    boxId: req.boxId,
    boxName: box.box.name,
    giftId: item.id,
    giftName: item.name,
    giftImage: item.image,
    grade: item.grade,
    recoveryPrice: item.recoveryPriceFen,
    voucherId: itemIds[k]!,
    rollCode: codes[k]!,
    round: firstNonce + k,
    verifyId: rollIds[k]!,
    publicHash: row.public_hash!,
  }));
  return {
    results,
    amountPaid: box.box.priceFen * req.count,
    balance: toInt(row.coin_fen) - toInt(row.coin_spend),
    integral: toInt(row.point_fen) - toInt(row.point_spend),
    nickname: row.nickname ?? '',
    avatar: row.avatar,
    won,
    dropIds: row.drop_ids!.map(toInt),
    createTime: toIso(row.created_at),
  };
}
