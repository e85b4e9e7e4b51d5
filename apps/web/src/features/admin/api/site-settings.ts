import { useQuery } from '@tanstack/react-query';
import {
  dailyTopUpTiersSchema,
  defaultInvitationSchema,
  siteSwitchesSchema,
  supportContactSchema,
  type DailyTopUpTier,
  type SiteSwitches,
} from '@skinfair/contract';
import { adminKeys } from './admin-keys';
import { adminRequest } from './admin-client';
import { useAdminChange } from './admin-query';

/**
 * The site settings of issue 27 §5: the daily top-up tiers and the default invitation code (Promotions),
 * the site switches and the customer-service details (Content → 站点设置). docs/OPERATIONS.md has the bounds.
 */
const key = [...adminKeys.all, 'settings'] as const;

export const useDailyTopUpTiers = () =>
  useQuery({
    queryKey: [...key, 'dailyTopUp'],
    queryFn: () => adminRequest('GET', '/api/admin/promotions/dailyTopUp', {}, dailyTopUpTiersSchema),
  });

/** The tiers travel as one JSON field: the console posts forms. */
export const useSaveDailyTopUpTiers = () =>
  useAdminChange((p: { tiers: DailyTopUpTier[]; reason: string }) =>
    adminRequest('POST', '/api/admin/promotions/dailyTopUp', { tiers: JSON.stringify(p.tiers), reason: p.reason }, dailyTopUpTiersSchema),
  );

export const useDefaultInvitation = () =>
  useQuery({
    queryKey: [...key, 'defaultInvitation'],
    queryFn: () => adminRequest('GET', '/api/admin/promotions/defaultInvitation', {}, defaultInvitationSchema),
  });

export const useSaveDefaultInvitation = () =>
  useAdminChange((p: { invitationCode: string; reason: string }) =>
    adminRequest('POST', '/api/admin/promotions/defaultInvitation', p, defaultInvitationSchema),
  );

export const useSiteSwitches = () =>
  useQuery({ queryKey: [...key, 'site'], queryFn: () => adminRequest('GET', '/api/admin/settings/site', {}, siteSwitchesSchema) });

export const useSaveSiteSwitches = () =>
  useAdminChange((p: SiteSwitches & { reason: string }) => adminRequest('POST', '/api/admin/settings/site', p, siteSwitchesSchema));

export const useSupportContact = () =>
  useQuery({ queryKey: [...key, 'support'], queryFn: () => adminRequest('GET', '/api/admin/settings/support', {}, supportContactSchema) });

export interface SupportContactForm {
  email: string;
  chatUrl: string;
  hoursZh: string;
  hoursEn: string;
  replyWithinHours: number;
}

export const useSaveSupportContact = () =>
  useAdminChange((p: SupportContactForm & { reason: string }) =>
    adminRequest('POST', '/api/admin/settings/support', { ...p }, supportContactSchema),
  );
