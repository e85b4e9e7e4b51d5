import { useQuery } from '@tanstack/react-query';
import {
  adminBattleDetailSchema,
  adminBattlePage,
  adminBotList,
  adminDreamSettingsSchema,
  adminGiveawayDetailSchema,
  adminGiveawayPage,
  adminGiveawayStockList,
  orApprovalPending,
  type DreamSettings,
} from '@skinfair/contract';
import { adminKeys } from './admin-keys';
import { adminRequest, type AdminParams } from './admin-client';
import { adminDetailQuery, adminPageQuery, useAdminChange } from './admin-query';

/** Screen 9 (games): every change invalidates the console's keys, so lists, details and the audit log refresh. */
const keys = {
  battles: (f: object) => [...adminKeys.all, 'games', 'battles', f] as const,
  battle: (id: number | null) => [...adminKeys.all, 'games', 'battle', id] as const,
  giveaways: (f: object) => [...adminKeys.all, 'games', 'giveaways', f] as const,
  giveaway: (id: number | null) => [...adminKeys.all, 'games', 'giveaway', id] as const,
  stock: () => [...adminKeys.all, 'games', 'stock'] as const,
  dream: () => [...adminKeys.all, 'games', 'dream'] as const,
  bots: () => [...adminKeys.all, 'games', 'bots'] as const,
};

export interface BattleFilters {
  state: 'all' | 'waiting' | 'running' | 'ended' | 'cancelled' | 'voided';
  mode: number;
  /** A player id, '' for all. */
  playerId: string;
  from: string;
  to: string;
  page: number;
}

export const useAdminBattles = (filters: BattleFilters) =>
  useQuery(adminPageQuery(keys.battles(filters), '/api/admin/games/battles', filters, adminBattlePage));

export const useAdminBattle = (id: number | null) =>
  useQuery(adminDetailQuery(keys.battle(id), '/api/admin/games/battles/detail', { id }, adminBattleDetailSchema));

export const useCancelBattle = () =>
  useAdminChange((p: { id: number; reason: string }) =>
    adminRequest('POST', '/api/admin/games/battles/cancel', p, adminBattleDetailSchema, { idempotent: true }),
  );

export interface GiveawayFilters {
  state: 'all' | 'running' | 'ended' | 'cancelled';
  kind: 'all' | 'official' | 'streamer' | 'own';
  creatorId: string;
  from: string;
  to: string;
  page: number;
}

export const useAdminGiveaways = (filters: GiveawayFilters) =>
  useQuery(adminPageQuery(keys.giveaways(filters), '/api/admin/games/giveaways', filters, adminGiveawayPage));

export const useAdminGiveaway = (id: number | null) =>
  useQuery(adminDetailQuery(keys.giveaway(id), '/api/admin/games/giveaways/detail', { id }, adminGiveawayDetailSchema));

export const useGiveawayStock = (enabled: boolean) =>
  useQuery({
    queryKey: keys.stock(),
    queryFn: () => adminRequest('GET', '/api/admin/games/giveaways/stock', {}, adminGiveawayStockList),
    enabled,
  });

export interface NewOfficialGiveaway extends AdminParams {
  title: string;
  remark: string;
  banner: string;
  /** ISO time. */
  openTime: string;
  /** Comma list of stock line ids, one per prize. */
  stockIds: string;
  password: string;
  minDepositFen: number;
  depositStart: string;
  depositEnd: string;
  minVipGrade: number;
  promotionUserId: string;
}

export const useCreateOfficialGiveaway = () =>
  useAdminChange((p: NewOfficialGiveaway) =>
    adminRequest('POST', '/api/admin/games/giveaways/create', p, orApprovalPending(adminGiveawayDetailSchema), {
      idempotent: true,
    }),
  );

export const useCancelGiveaway = () =>
  useAdminChange((p: { id: number; reason: string }) =>
    adminRequest('POST', '/api/admin/games/giveaways/cancel', p, adminGiveawayDetailSchema, { idempotent: true }),
  );

export const useDreamSettings = () =>
  useQuery({
    queryKey: keys.dream(),
    queryFn: () => adminRequest('GET', '/api/admin/games/dream', {}, adminDreamSettingsSchema),
  });

export const useSaveDreamSettings = () =>
  useAdminChange((p: DreamSettings & AdminParams) => adminRequest('POST', '/api/admin/games/dream', p, adminDreamSettingsSchema));

export const useAdminBots = () =>
  useQuery({
    queryKey: keys.bots(),
    queryFn: () => adminRequest('GET', '/api/admin/games/bots', {}, adminBotList),
  });

export const useUpdateBot = () =>
  useAdminChange((p: { id: number; nickname?: string; headPic?: string; enabled?: boolean }) =>
    adminRequest('POST', '/api/admin/games/bots/update', p, adminBotList),
  );
