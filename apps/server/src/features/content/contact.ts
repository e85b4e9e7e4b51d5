import type { CustomerService, Lang } from '@skinfair/contract';

/**
 * The customer-service contact ways (spec §1 customer-service link). They are repeated in the seeded
 * support document; the content issue moves both into operator-editable configuration.
 */
export function customerService(lang: Lang): CustomerService {
  return {
    email: 'support@skinfair.example',
    hours: lang === 'en' ? 'Every day 10:00–22:00 (Beijing time)' : '每天 10:00–22:00（北京时间）',
    replyWithinHours: 24,
    chatUrl: null,
    documentKey: 'support',
  };
}
