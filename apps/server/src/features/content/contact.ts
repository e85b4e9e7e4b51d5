import type { CustomerService, Lang } from '@skinfair/contract';
import type { Config } from '../../config.js';

/**
 * The customer-service contact ways (spec §1 customer-service link), from configuration (SUPPORT_* in
 * .env.example) so an operator sets them without a release; the support document says where to find them.
 */
export function customerService(support: Config['support'], lang: Lang): CustomerService {
  return {
    email: support.email,
    hours: support.hours[lang],
    replyWithinHours: support.replyWithinHours,
    chatUrl: support.chatUrl,
    documentKey: 'support',
  };
}
