import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../../../config.js';
import type { Executor } from '../../../platform/db/client.js';
import { paymentChannels } from '../tables.js';
import { setSandboxChannelsEnabled } from '../repo.js';
import { createAlipayProvider } from './alipay.js';
import { createSandboxPaymentProvider } from './sandbox.js';
import { createWechatPayProvider } from './wechatpay.js';
import { CHANNEL_TYPE, type PaymentProvider } from './types.js';
import { instrumentProvider, recordPaymentCallback } from '../../../platform/metrics/provider-calls.js';

export type {
  PaymentProvider,
  PaymentRequest,
  PaymentStart,
  VerifiedNotification,
  NotificationCheck,
  QueriedOrder,
  WebhookVerdict,
  RefundRequest,
  RefundAnswer,
} from './types.js';
export { CHANNEL_TYPE } from './types.js';

/** The channel rows of the real providers (payment_channels; the sandbox is id 1). */
export const PROVIDER_CHANNELS = {
  alipay: { id: 2, name: '支付宝', channelType: CHANNEL_TYPE.alipay, weight: 1 },
  wechatpay: { id: 3, name: '微信支付', channelType: CHANNEL_TYPE.wechatpay, weight: 2 },
} as const;

const registries = new WeakMap<Config['payments'], Map<number, PaymentProvider>>();

/**
 * The provider behind a channel type, built once per configuration (no module singleton: each test app
 * has its own). Null when that provider is not configured: its channel takes no orders and no callbacks.
 */
export function paymentProviderFor(config: Pick<Config, 'payments' | 'sandboxTools'>, channelType: number): PaymentProvider | null {
  let registry = registries.get(config.payments);
  if (!registry) {
    registry = new Map();
    registry.set(CHANNEL_TYPE.sandbox, instrumented(createSandboxPaymentProvider()));
    if (config.payments.alipay) registry.set(CHANNEL_TYPE.alipay, instrumented(createAlipayProvider(config.payments.alipay)));
    if (config.payments.wechatpay) registry.set(CHANNEL_TYPE.wechatpay, instrumented(createWechatPayProvider(config.payments.wechatpay)));
    registries.set(config.payments, registry);
  }
  if (channelType === CHANNEL_TYPE.sandbox && !config.sandboxTools) return null;
  return registry.get(channelType) ?? null;
}

/**
 * Every provider call timed and counted (issue 26 §12), and every notification's answer counted by verdict:
 * the webhook answers through `answer`, so refused callbacks show without touching the webhook.
 */
function instrumented(provider: PaymentProvider): PaymentProvider {
  const timed = instrumentProvider(`payment-${provider.name}`, provider, {
    only: ['createPayment', 'verifyNotification', 'queryOrder', 'refund', 'queryRefund'],
  });
  return Object.assign(Object.create(timed) as PaymentProvider, {
    answer: (verdict: Parameters<PaymentProvider['answer']>[0]) => {
      recordPaymentCallback(provider.name, verdict);
      return provider.answer(verdict);
    },
  });
}

/**
 * At every start: the sandbox channel is open only in sandbox mode (issue 9 §1), a real provider's channel
 * exists and is open exactly when the provider is configured. Real channels take CNY only (both providers
 * settle in yuan); their limits can be changed in the table.
 */
export async function syncPaymentChannels(ex: Executor, config: Pick<Config, 'payments' | 'sandboxTools'>): Promise<void> {
  await setSandboxChannelsEnabled(ex, config.sandboxTools);
  for (const name of ['alipay', 'wechatpay'] as const) {
    const row = PROVIDER_CHANNELS[name];
    const configured = config.payments[name] !== null;
    if (configured)
      // The secret column is the sandbox's HMAC key; real providers sign with their own keys, so it is unused.
      await ex
        .insert(paymentChannels)
        .values({ ...row, currencies: ['CNY'], minAmountFen: 100, maxAmountFen: 5_000_000, secret: randomBytes(32).toString('hex') })
        .onConflictDoNothing();
    await ex.update(paymentChannels).set({ enabled: configured }).where(eq(paymentChannels.channelType, row.channelType));
  }
}
