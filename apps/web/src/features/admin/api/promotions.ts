import { useQuery } from '@tanstack/react-query';
import {
  adminGoldenCodePage,
  adminGoldenCodeSchema,
  adminVoucherPage,
  adminVoucherSchema,
  firstDepositSchema,
  goldenCodeRedemptionPage,
  orApprovalPending,
  promotionLevelsSchema,
  vipLadderSchema,
  type PromotionLevelRow,
  type VipGradeRow,
} from '@skinfair/contract';
import { adminKeys } from './admin-keys';
import { adminRequest, type AdminParams } from './admin-client';
import { ADMIN_PAGE_SIZE, adminPageQuery, useAdminChange } from './admin-query';

/** The Promotions and rewards screen's calls (/api/admin/promotions/*, docs/OPERATIONS.md screen 8). */
const P = '/api/admin/promotions';
const key = [...adminKeys.all, 'promotions'] as const;

export interface GoldenCodeFilters {
  q: string;
  state: 'all' | 'live' | 'disabled' | 'expired' | 'usedUp';
  rewardType: 'all' | 'coin' | 'item' | 'box' | 'coupon';
  page: number;
}

export const useGoldenCodes = (filters: GoldenCodeFilters) =>
  useQuery(adminPageQuery([...key, 'codes', filters], `${P}/goldenCodes`, filters, adminGoldenCodePage));

export const useCodeRedemptions = (id: number | null, page: number) =>
  useQuery({
    queryKey: [...key, 'redemptions', id, page],
    queryFn: () => adminRequest('GET', `${P}/goldenCodes/redemptions`, { id, page, pageSize: ADMIN_PAGE_SIZE }, goldenCodeRedemptionPage),
    enabled: id !== null,
  });

export const useCreateGoldenCode = () =>
  useAdminChange((params: AdminParams) =>
    adminRequest('POST', `${P}/goldenCodes/create`, params, orApprovalPending(adminGoldenCodeSchema), { idempotent: true }),
  );

export const useSetCodeDisabled = () =>
  useAdminChange((params: { id: number; disabled: boolean }) =>
    adminRequest('POST', `${P}/goldenCodes/disabled`, params, adminGoldenCodeSchema),
  );

export interface VoucherFilters {
  userId: string;
  /** -1 all, 0 usable, 1 used, 2 expired. */
  state: number;
  couponType: number;
  source: 'all' | 'welcome' | 'vip' | 'golden_code' | 'operator';
  page: number;
}

export const useVouchers = (voucherType: 0 | 1, filters: VoucherFilters) =>
  useQuery(
    adminPageQuery(
      [...key, 'vouchers', voucherType, filters],
      `${P}/vouchers`,
      { ...filters, couponType: voucherType === 1 ? filters.couponType : -1, voucherType },
      adminVoucherPage,
    ),
  );

const kindPath = (voucherType: 0 | 1) => (voucherType === 0 ? 'redPackets' : 'coupons');

export const useIssueVoucher = (voucherType: 0 | 1) =>
  useAdminChange((params: AdminParams) =>
    adminRequest('POST', `${P}/${kindPath(voucherType)}/issue`, params, orApprovalPending(adminVoucherSchema), {
      idempotent: true,
    }),
  );

export const useRevokeVoucher = (voucherType: 0 | 1) =>
  useAdminChange((params: { id: number; reason: string }) =>
    adminRequest('POST', `${P}/${kindPath(voucherType)}/revoke`, params, adminVoucherSchema),
  );

export const useVipLadder = () =>
  useQuery({ queryKey: [...key, 'vip'], queryFn: () => adminRequest('GET', `${P}/vipGrades`, {}, vipLadderSchema) });

/** A ladder travels as one JSON field: the console posts forms. */
export const useSaveVipLadder = () =>
  useAdminChange((p: { grades: VipGradeRow[]; reason: string }) =>
    adminRequest('POST', `${P}/vipGrades`, { grades: JSON.stringify(p.grades), reason: p.reason }, vipLadderSchema),
  );

export const usePromotionLevels = () =>
  useQuery({ queryKey: [...key, 'levels'], queryFn: () => adminRequest('GET', `${P}/levels`, {}, promotionLevelsSchema) });

export const useSavePromotionLevels = () =>
  useAdminChange((p: { levels: PromotionLevelRow[]; reason: string }) =>
    adminRequest('POST', `${P}/levels`, { levels: JSON.stringify(p.levels), reason: p.reason }, promotionLevelsSchema),
  );

export const useFirstDeposit = () =>
  useQuery({ queryKey: [...key, 'firstDeposit'], queryFn: () => adminRequest('GET', `${P}/firstDeposit`, {}, firstDepositSchema) });

export const useSaveFirstDeposit = () =>
  useAdminChange((p: { bonusPercent: number; reason: string }) => adminRequest('POST', `${P}/firstDeposit`, p, firstDepositSchema));
