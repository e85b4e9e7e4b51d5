import { z } from 'zod';

/**
 * The SMS and real-name providers' settings (issue 17), read by config.ts with the rest of the
 * environment. Every variable is listed in .env.example and docs/DEPLOY.md ("SMS", "Real-name verification").
 */
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());

export const providerEnvShape = {
  /** sandbox (outbox, demo only) | aliyun | tencent. Default: sandbox with the sandbox tools, else none (fails closed). */
  SMS_PROVIDER: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['sandbox', 'aliyun', 'tencent']).optional()),
  /** How long one send may take before it counts as failed (the code is then not spent). */
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  ALIYUN_SMS_ACCESS_KEY_ID: optionalText,
  ALIYUN_SMS_ACCESS_KEY_SECRET: optionalText,
  ALIYUN_SMS_SIGN_NAME: optionalText,
  /** A verification-code template with one variable, ${code}. */
  ALIYUN_SMS_TEMPLATE_CODE: optionalText,
  /**
   * Optional: a notice template with two variables, ${change} and ${until}, for the security notices of
   * issue 24 (decision 0045). Unset: those notices go in-site only (logged), nothing refuses to start.
   */
  ALIYUN_SMS_NOTICE_TEMPLATE_CODE: optionalText,
  ALIYUN_SMS_ENDPOINT: z.string().url().default('https://dysmsapi.aliyuncs.com'),
  TENCENT_SMS_SECRET_ID: optionalText,
  TENCENT_SMS_SECRET_KEY: optionalText,
  TENCENT_SMS_SDK_APP_ID: optionalText,
  TENCENT_SMS_SIGN_NAME: optionalText,
  /** A verification-code template with one parameter, {1} = the code. */
  TENCENT_SMS_TEMPLATE_ID: optionalText,
  /** Optional: a notice template with {1} = what changed and {2} = until when (see ALIYUN_SMS_NOTICE_TEMPLATE_CODE). */
  TENCENT_SMS_NOTICE_TEMPLATE_ID: optionalText,
  TENCENT_SMS_REGION: z.string().min(1).default('ap-guangzhou'),
  TENCENT_SMS_ENDPOINT: z.string().url().default('https://sms.tencentcloudapi.com'),
  /** sandbox (names starting 测试失败 fail; demo only) | tencent-faceid. Default: sandbox with the sandbox tools, else none. */
  REALNAME_PROVIDER: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['sandbox', 'tencent-faceid']).optional()),
  REALNAME_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  /** Mismatches one account may get per day (each check is billed); provider failures do not count. */
  REALNAME_MAX_ATTEMPTS_PER_DAY: z.coerce.number().int().min(1).max(100).default(5),
  REALNAME_TENCENT_SECRET_ID: optionalText,
  REALNAME_TENCENT_SECRET_KEY: optionalText,
  REALNAME_TENCENT_REGION: z.string().min(1).default('ap-guangzhou'),
  REALNAME_TENCENT_ENDPOINT: z.string().url().default('https://faceid.tencentcloudapi.com'),
};

export type ProviderEnv = z.infer<z.ZodObject<typeof providerEnvShape>>;

export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** The security-notice template (issue 24); undefined: no SMS notices. */
  noticeTemplateCode?: string | undefined;
  /** https://dysmsapi.aliyuncs.com, or a local stub's http address in tests. */
  endpoint: string;
  timeoutMs: number;
}

export interface TencentSmsSettings {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  /** The security-notice template (issue 24); undefined: no SMS notices. */
  noticeTemplateId?: string | undefined;
  region: string;
  endpoint: string;
  timeoutMs: number;
}

export interface TencentFaceIdSettings {
  secretId: string;
  secretKey: string;
  region: string;
  endpoint: string;
  timeoutMs: number;
}

export type SmsSettings =
  | { provider: 'none' }
  | { provider: 'sandbox' }
  | ({ provider: 'aliyun' } & AliyunSmsSettings)
  | ({ provider: 'tencent' } & TencentSmsSettings);

export type RealNameSettings = { maxAttemptsPerDay: number } & (
  { provider: 'none' } | { provider: 'sandbox' } | ({ provider: 'tencent-faceid' } & TencentFaceIdSettings)
);

/** Plain http only to this machine (a local relay or a test stub); anything else must be https. */
function endpointProblem(name: string, value: string): string | null {
  const url = new URL(value);
  if (url.protocol === 'https:') return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol === 'http:' && (host === 'localhost' || host === '::1' || /^127\./.test(host))) return null;
  return `${name}: ${value} must be https (plain http is accepted only to a loopback address)`;
}

/** The chosen providers and every problem with their settings (all listed at once, as config.ts does). */
export function readProviderSettings(
  env: ProviderEnv,
  mode: { production: boolean; sandbox: boolean },
): { sms: SmsSettings; realName: RealNameSettings; problems: string[] } {
  const problems: string[] = [];
  const need = (name: keyof ProviderEnv, provider: string): string => {
    const value = env[name];
    if (typeof value === 'string' && value !== '') return value;
    problems.push(`${name}: required with ${provider}`);
    return '';
  };

  const smsProvider = env.SMS_PROVIDER ?? (mode.sandbox ? 'sandbox' : 'none');
  let sms: SmsSettings = { provider: 'none' };
  if (smsProvider === 'sandbox') {
    if (mode.production)
      problems.push('SMS_PROVIDER: "sandbox" only writes to a local outbox and is not allowed in production (use aliyun or tencent)');
    else if (!mode.sandbox) problems.push('SMS_PROVIDER: "sandbox" needs SANDBOX_TOOLS (its outbox is read through the sandbox tools)');
    sms = { provider: 'sandbox' };
  } else if (smsProvider === 'aliyun') {
    const endpoint = endpointProblem('ALIYUN_SMS_ENDPOINT', env.ALIYUN_SMS_ENDPOINT);
    if (endpoint) problems.push(endpoint);
    sms = {
      provider: 'aliyun',
      accessKeyId: need('ALIYUN_SMS_ACCESS_KEY_ID', 'SMS_PROVIDER=aliyun'),
      accessKeySecret: need('ALIYUN_SMS_ACCESS_KEY_SECRET', 'SMS_PROVIDER=aliyun'),
      signName: need('ALIYUN_SMS_SIGN_NAME', 'SMS_PROVIDER=aliyun'),
      templateCode: need('ALIYUN_SMS_TEMPLATE_CODE', 'SMS_PROVIDER=aliyun'),
      noticeTemplateCode: env.ALIYUN_SMS_NOTICE_TEMPLATE_CODE,
      endpoint: env.ALIYUN_SMS_ENDPOINT,
      timeoutMs: env.SMS_TIMEOUT_MS,
    };
  } else if (smsProvider === 'tencent') {
    const endpoint = endpointProblem('TENCENT_SMS_ENDPOINT', env.TENCENT_SMS_ENDPOINT);
    if (endpoint) problems.push(endpoint);
    const sdkAppId = need('TENCENT_SMS_SDK_APP_ID', 'SMS_PROVIDER=tencent');
    if (sdkAppId && !/^\d+$/.test(sdkAppId))
      problems.push('TENCENT_SMS_SDK_APP_ID: digits only (the SmsSdkAppId of the SMS console, e.g. 1400000000)');
    const templateId = need('TENCENT_SMS_TEMPLATE_ID', 'SMS_PROVIDER=tencent');
    if (templateId && !/^\d+$/.test(templateId)) problems.push("TENCENT_SMS_TEMPLATE_ID: digits only (the approved template's ID)");
    const noticeTemplateId = env.TENCENT_SMS_NOTICE_TEMPLATE_ID;
    if (noticeTemplateId && !/^\d+$/.test(noticeTemplateId))
      problems.push("TENCENT_SMS_NOTICE_TEMPLATE_ID: digits only (the approved template's ID)");
    sms = {
      provider: 'tencent',
      secretId: need('TENCENT_SMS_SECRET_ID', 'SMS_PROVIDER=tencent'),
      secretKey: need('TENCENT_SMS_SECRET_KEY', 'SMS_PROVIDER=tencent'),
      sdkAppId,
      signName: need('TENCENT_SMS_SIGN_NAME', 'SMS_PROVIDER=tencent'),
      templateId,
      noticeTemplateId,
      region: env.TENCENT_SMS_REGION,
      endpoint: env.TENCENT_SMS_ENDPOINT,
      timeoutMs: env.SMS_TIMEOUT_MS,
    };
  }

  const realNameProvider = env.REALNAME_PROVIDER ?? (mode.sandbox ? 'sandbox' : 'none');
  const maxAttemptsPerDay = env.REALNAME_MAX_ATTEMPTS_PER_DAY;
  let realName: RealNameSettings = { provider: 'none', maxAttemptsPerDay };
  if (realNameProvider === 'sandbox') {
    if (mode.production)
      problems.push('REALNAME_PROVIDER: "sandbox" accepts any well-formed ID and is not allowed in production (use tencent-faceid)');
    else if (!mode.sandbox) problems.push('REALNAME_PROVIDER: "sandbox" needs SANDBOX_TOOLS (its verdict page is a sandbox tool)');
    realName = { provider: 'sandbox', maxAttemptsPerDay };
  } else if (realNameProvider === 'tencent-faceid') {
    const endpoint = endpointProblem('REALNAME_TENCENT_ENDPOINT', env.REALNAME_TENCENT_ENDPOINT);
    if (endpoint) problems.push(endpoint);
    realName = {
      provider: 'tencent-faceid',
      maxAttemptsPerDay,
      secretId: need('REALNAME_TENCENT_SECRET_ID', 'REALNAME_PROVIDER=tencent-faceid'),
      secretKey: need('REALNAME_TENCENT_SECRET_KEY', 'REALNAME_PROVIDER=tencent-faceid'),
      region: env.REALNAME_TENCENT_REGION,
      endpoint: env.REALNAME_TENCENT_ENDPOINT,
      timeoutMs: env.REALNAME_TIMEOUT_MS,
    };
  }
  return { sms, realName, problems };
}
