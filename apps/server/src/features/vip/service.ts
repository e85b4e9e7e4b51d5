import { asc, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db/client.js';
import { credit } from '../../platform/ledger/index.js';
import { updateUser } from '../users/index.js';
import { sendMessage } from '../messages/index.js';
import { grantFreeBox, dailyFreeBoxId } from '../cases/index.js';
import { grantVoucher } from '../vouchers/index.js';
import { isExcluded } from '../protection/index.js';
import { errorMessage, formatFen } from '@skinfair/contract';
import { lastDeviceOf, tryClaimBonus } from '../bonus-claims/index.js';
import { userVip, vipGrades, vipRewards } from './tables.js';

/**
 * The ladder seeded on first start; the console edits it (issue 16 screen 8, issue 27 §5). Points are granted
 * on reaching a grade, in fen (docs/decisions/0016): the VIP perk that is the points balance's source. Points
 * play like coins in games (spent after them) but never become coins. Grade 2 and up also bring a red packet
 * (¥1.88 × grade by default).
 */
export const defaultVipGrades = [
  {
    grade: 0,
    name: '青铜',
    expMin: 0,
    levelRewardFen: 0,
    levelPointsFen: 0,
    redPacketFen: 0,
    freeBoxes: 0,
    rechargeBonusBp: 0,
    rebateBoostBp: 0,
  },
  {
    grade: 1,
    name: '白银',
    expMin: 10_000,
    levelRewardFen: 200,
    levelPointsFen: 500,
    redPacketFen: 0,
    freeBoxes: 1,
    rechargeBonusBp: 0,
    rebateBoostBp: 0,
  },
  {
    grade: 2,
    name: '黄金',
    expMin: 50_000,
    levelRewardFen: 800,
    levelPointsFen: 1_000,
    redPacketFen: 376,
    freeBoxes: 1,
    rechargeBonusBp: 50,
    rebateBoostBp: 10,
  },
  {
    grade: 3,
    name: '铂金',
    expMin: 200_000,
    levelRewardFen: 3_000,
    levelPointsFen: 3_000,
    redPacketFen: 564,
    freeBoxes: 2,
    rechargeBonusBp: 100,
    rebateBoostBp: 20,
  },
  {
    grade: 4,
    name: '钻石',
    expMin: 1_000_000,
    levelRewardFen: 12_800,
    levelPointsFen: 10_000,
    redPacketFen: 752,
    freeBoxes: 3,
    rechargeBonusBp: 150,
    rebateBoostBp: 30,
  },
  {
    grade: 5,
    name: '大师',
    expMin: 5_000_000,
    levelRewardFen: 58_800,
    levelPointsFen: 30_000,
    redPacketFen: 940,
    freeBoxes: 5,
    rechargeBonusBp: 200,
    rebateBoostBp: 50,
  },
  {
    grade: 6,
    name: '王者',
    expMin: 20_000_000,
    levelRewardFen: 188_800,
    levelPointsFen: 100_000,
    redPacketFen: 1_128,
    freeBoxes: 8,
    rechargeBonusBp: 300,
    rebateBoostBp: 80,
  },
];

type VipGrade = typeof vipGrades.$inferSelect;

export const seedVipGrades = (ex: Executor) => ex.insert(vipGrades).values(defaultVipGrades).onConflictDoNothing();
export const listGrades = (ex: Executor) => ex.select().from(vipGrades).orderBy(asc(vipGrades.grade));

export async function vipOf(ex: Executor, userId: number) {
  const [row] = await ex.select().from(userVip).where(eq(userVip.userId, userId));
  return row ?? { userId, exp: 0, grade: 0 };
}

/** The extra credit a deposit earns at the player's current grade (the VIP recharge discount). */
export async function rechargeBonusBp(ex: Executor, userId: number): Promise<number> {
  const { grade } = await vipOf(ex, userId);
  const [row] = await ex.select({ bp: vipGrades.rechargeBonusBp }).from(vipGrades).where(eq(vipGrades.grade, grade));
  return row?.bp ?? 0;
}

export async function rebateBoostBp(ex: Executor, userId: number): Promise<number> {
  const { grade } = await vipOf(ex, userId);
  const [row] = await ex.select({ bp: vipGrades.rebateBoostBp }).from(vipGrades).where(eq(vipGrades.grade, grade));
  return row?.bp ?? 0;
}

/**
 * A completed deposit adds experience; every grade crossed grants its reward exactly once (the
 * vip_rewards key and the ledger idempotency key both guard it), inside the deposit's transaction.
 */
export async function addDepositExperience(tx: Tx, userId: number, creditFen: number): Promise<void> {
  const [row] = await tx
    .insert(userVip)
    .values({ userId, exp: creditFen })
    .onConflictDoUpdate({ target: userVip.userId, set: { exp: sql`${userVip.exp} + ${creditFen}`, updatedAt: sql`now()` } })
    .returning();
  const grades = await listGrades(tx);
  const reached = grades.filter((g) => g.expMin <= row!.exp).at(-1)!;
  if (reached.grade <= row!.grade) return;
  await tx.update(userVip).set({ grade: reached.grade }).where(eq(userVip.userId, userId));
  await updateUser(tx, userId, { grade: reached.grade });
  // The grade still rises, but its rewards are skipped (not kept for later) during a cool-off or self-exclusion (decision 0042).
  const excluded = await isExcluded(tx, userId);
  if (!excluded)
    for (const g of grades.filter((x) => x.grade > row!.grade && x.grade <= reached.grade)) await grantLevelReward(tx, userId, g);
}

const hasReward = (g: VipGrade) => g.levelRewardFen > 0 || g.levelPointsFen > 0 || g.redPacketFen > 0 || g.freeBoxes > 0;

/**
 * A grade's rewards, once per account and, like the other gifts, once per device and per real-name
 * identity (decision 0016): the low grades pay the most per yuan deposited, so one person splitting a
 * deposit over many phone numbers would take them again and again. The deposit's callback carries no
 * device, so the claim uses the device the account was last used from. A refused grade keeps no
 * reward for later; the message says why.
 */
async function grantLevelReward(tx: Tx, userId: number, g: VipGrade) {
  const refusal = hasReward(g)
    ? await tryClaimBonus(tx, { kind: `vip_level:${g.grade}`, userId, deviceId: await lastDeviceOf(tx, userId) })
    : null;
  if (refusal) {
    await sendMessage(tx, userId, {
      type: 'reward',
      title: `恭喜升级为 VIP${g.grade} ${g.name}`,
      content: `升级奖励未发放：${errorMessage(refusal)}`,
    });
    return;
  }
  const first = await tx.insert(vipRewards).values({ userId, grade: g.grade }).onConflictDoNothing().returning();
  if (first.length === 0) return;
  if (g.levelRewardFen > 0) {
    await credit(tx, {
      userId,
      kind: 'coin',
      amountFen: g.levelRewardFen,
      from: 'promotions',
      code: 'vip_reward',
      refType: 'vip',
      refId: g.grade,
      idempotencyKey: `vip:${userId}:${g.grade}`,
    });
  }
  const pointsFen = g.levelPointsFen;
  if (pointsFen > 0) {
    await credit(tx, {
      userId,
      kind: 'point',
      amountFen: pointsFen,
      from: 'promotions',
      code: 'vip_points',
      refType: 'vip',
      refId: g.grade,
      idempotencyKey: `vip-points:${userId}:${g.grade}`,
    });
  }
  // The red-packet perk: a level-up red packet to open from the rewards panel (useRewardVoucher).
  const redPacketFen = g.redPacketFen;
  if (redPacketFen > 0) {
    await grantVoucher(tx, {
      userId,
      voucherType: 0,
      name: `VIP${g.grade} 升级红包`,
      rewardFen: redPacketFen,
      source: 'vip',
      grantKey: `vip:${g.grade}`,
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    });
  }
  const boxId = await dailyFreeBoxId(tx);
  for (let i = 0; i < g.freeBoxes && boxId !== null; i++) {
    await grantFreeBox(tx, {
      userId,
      boxId,
      reason: 'vip',
      grantKey: `vip:${g.grade}:${i}`,
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    });
  }
  await sendMessage(tx, userId, {
    type: 'reward',
    title: `恭喜升级为 VIP${g.grade} ${g.name}`,
    content: `升级奖励：${formatFen(g.levelRewardFen)} 金币${pointsFen ? `，${formatFen(pointsFen)} 积分` : ''}${g.freeBoxes ? `，免费箱子 ×${g.freeBoxes}（30天内有效）` : ''}${redPacketFen ? `，升级红包 ${formatFen(redPacketFen)}（请在福利中心领取）` : ''}。`,
  });
}

export async function gradeInfo(ex: Executor, userId: number) {
  const [vip, grades, received] = await Promise.all([
    vipOf(ex, userId),
    listGrades(ex),
    ex.select().from(vipRewards).where(eq(vipRewards.userId, userId)),
  ]);
  const next = grades.find((g) => g.grade === vip.grade + 1) ?? null;
  const current = grades.find((g) => g.grade === vip.grade)!;
  const got = new Set(received.map((r) => r.grade));
  return {
    grade: vip.grade,
    gradeName: current.name,
    exp: vip.exp,
    nextGrade: next?.grade ?? null,
    nextExp: next?.expMin ?? null,
    grades: grades.map((g) => ({
      grade: g.grade,
      name: g.name,
      expMin: g.expMin,
      levelReward: g.levelRewardFen,
      levelPoints: g.levelPointsFen,
      freeBoxes: g.freeBoxes,
      rechargeBonusBp: g.rechargeBonusBp,
      rebateBoostBp: g.rebateBoostBp,
      received: got.has(g.grade),
    })),
  };
}
