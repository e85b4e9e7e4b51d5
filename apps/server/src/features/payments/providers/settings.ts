import { createPrivateKey, createPublicKey } from 'node:crypto';
import { z } from 'zod';
import { isLocalUrl } from '../../../platform/http/exposure.js';
import type { AlipaySettings } from './alipay.js';
import type { WechatPaySettings } from './wechatpay.js';
import { pemOf } from './money.js';

/**
 * The payment providers' part of the environment (config.ts spreads it into its schema; .env.example and
 * docs/DEPLOY.md "Payments" list them). Keys may be given as PEM, PEM with literal "\n", or bare base64.
 */
export const paymentEnvShape = {
  /** Real payment providers to open, comma list of `alipay`, `wechatpay` (empty: none). */
  PAYMENT_PROVIDERS: z.string().default(''),
  /** A pending order is first asked about at its provider this many minutes after it was made, then again. */
  PAYMENT_RECONCILE_AFTER_MINUTES: z.coerce.number().int().min(1).max(29).default(5),
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
  ALIPAY_MODE: z.enum(['page', 'qr']).default('page'),
  WECHATPAY_MCH_ID: z.string().optional(),
  WECHATPAY_APP_ID: z.string().optional(),
  WECHATPAY_CERT_SERIAL: z.string().optional(),
  WECHATPAY_PRIVATE_KEY: z.string().optional(),
  WECHATPAY_APIV3_KEY: z.string().optional(),
  WECHATPAY_PUBLIC_KEY_ID: z.string().optional(),
  WECHATPAY_PUBLIC_KEY: z.string().optional(),
  WECHATPAY_BASE_URL: z.string().url().default('https://api.mch.weixin.qq.com'),
  WECHATPAY_MODE: z.enum(['native', 'h5']).default('native'),
};

type PaymentEnv = z.output<z.ZodObject<typeof paymentEnvShape>>;

export interface PaymentsConfig {
  reconcileAfterMinutes: number;
  alipay: AlipaySettings | null;
  wechatpay: WechatPaySettings | null;
}

export const PAYMENT_PROVIDER_NAMES = ['alipay', 'wechatpay'] as const;

function key(name: string, text: string | undefined, kind: 'PRIVATE KEY' | 'PUBLIC KEY', problems: string[]): string {
  if (!text) {
    problems.push(`${name}: required`);
    return '';
  }
  const pem = pemOf(text, kind);
  try {
    const k = kind === 'PRIVATE KEY' ? createPrivateKey(pem) : createPublicKey(pem);
    if (k.asymmetricKeyType !== 'rsa' || (k.asymmetricKeyDetails?.modulusLength ?? 0) < 2048)
      problems.push(`${name}: must be an RSA key of at least 2048 bits`);
  } catch {
    problems.push(`${name}: not a readable ${kind === 'PRIVATE KEY' ? 'private' : 'public'} key (PEM, or its base64 body)`);
  }
  return pem;
}

function text(name: string, value: string | undefined, pattern: RegExp, what: string, problems: string[]): string {
  if (!value) problems.push(`${name}: required`);
  else if (!pattern.test(value)) problems.push(`${name}: ${what}`);
  return value ?? '';
}

/** An endpoint money talks to: https, or a loopback address (a stub in tests). */
function endpoint(name: string, url: string, problems: string[]): string {
  if (!url.startsWith('https://') && !isLocalUrl(url))
    problems.push(`${name}: must be https (or a loopback address for a test stub), got ${url}`);
  return url;
}

/** Reads and checks the providers PAYMENT_PROVIDERS opens; every problem is listed, none stops the list. */
export function paymentsConfig(env: PaymentEnv): { payments: PaymentsConfig; problems: string[] } {
  const problems: string[] = [];
  const names = env.PAYMENT_PROVIDERS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const n of names)
    if (!(PAYMENT_PROVIDER_NAMES as readonly string[]).includes(n))
      problems.push(`PAYMENT_PROVIDERS: unknown provider "${n}" (known: ${PAYMENT_PROVIDER_NAMES.join(', ')})`);
  let alipay: AlipaySettings | null = null;
  if (names.includes('alipay')) {
    alipay = {
      appId: text('ALIPAY_APP_ID', env.ALIPAY_APP_ID, /^\d{16}$/, 'the 16-digit application id', problems),
      privateKey: key('ALIPAY_PRIVATE_KEY', env.ALIPAY_PRIVATE_KEY, 'PRIVATE KEY', problems),
      alipayPublicKey: key('ALIPAY_PUBLIC_KEY', env.ALIPAY_PUBLIC_KEY, 'PUBLIC KEY', problems),
      gateway: endpoint('ALIPAY_GATEWAY', env.ALIPAY_GATEWAY, problems),
      mode: env.ALIPAY_MODE,
    };
  }
  let wechatpay: WechatPaySettings | null = null;
  if (names.includes('wechatpay')) {
    const apiV3Key = text(
      'WECHATPAY_APIV3_KEY',
      env.WECHATPAY_APIV3_KEY,
      /^[\x21-\x7e]{32}$/,
      'exactly 32 ASCII characters (the APIv3 key set in the merchant platform)',
      problems,
    );
    wechatpay = {
      mchId: text('WECHATPAY_MCH_ID', env.WECHATPAY_MCH_ID, /^\d{8,12}$/, 'the merchant id (digits)', problems),
      appId: text('WECHATPAY_APP_ID', env.WECHATPAY_APP_ID, /^wx[0-9a-z]{16}$/, 'an app id like wx0123456789abcdef', problems),
      certSerial: text(
        'WECHATPAY_CERT_SERIAL',
        env.WECHATPAY_CERT_SERIAL,
        /^[0-9A-Fa-f]{8,40}$/,
        'the merchant API certificate serial number (hex)',
        problems,
      ),
      privateKey: key('WECHATPAY_PRIVATE_KEY', env.WECHATPAY_PRIVATE_KEY, 'PRIVATE KEY', problems),
      apiV3Key,
      platformPublicKeyId: text(
        'WECHATPAY_PUBLIC_KEY_ID',
        env.WECHATPAY_PUBLIC_KEY_ID,
        /^PUB_KEY_ID_[0-9A-Za-z]{1,64}$/,
        'the WeChat Pay public key id (PUB_KEY_ID_…)',
        problems,
      ),
      platformPublicKey: key('WECHATPAY_PUBLIC_KEY', env.WECHATPAY_PUBLIC_KEY, 'PUBLIC KEY', problems),
      baseUrl: endpoint('WECHATPAY_BASE_URL', env.WECHATPAY_BASE_URL, problems),
      mode: env.WECHATPAY_MODE,
    };
  }
  return { payments: { reconcileAfterMinutes: env.PAYMENT_RECONCILE_AFTER_MINUTES, alipay, wechatpay }, problems };
}
