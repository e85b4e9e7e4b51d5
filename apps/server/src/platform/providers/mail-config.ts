import { z } from 'zod';

/**
 * Who sends mail codes (issue 27 §1), read by config.ts with the rest of the environment. Every variable
 * is listed in .env.example and docs/DEPLOY.md ("Mail").
 */
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());

export const mailEnvShape = {
  /** sandbox (outbox, demo only) | smtp. Default: sandbox with the sandbox tools, else none (fails closed). */
  MAIL_PROVIDER: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['sandbox', 'smtp']).optional()),
  /** How long connecting, the greeting and each SMTP step may take before the send counts as failed. */
  MAIL_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  SMTP_HOST: optionalText,
  SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(465),
  /**
   * tls: TLS from the first byte (port 465) | starttls: plain connect, then STARTTLS is required (587, 25,
   * 80) | none: no encryption, only to a relay on this machine. Default: tls on 465, else starttls.
   */
  SMTP_SECURITY: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['tls', 'starttls', 'none']).optional()),
  SMTP_USER: optionalText,
  SMTP_PASSWORD: optionalText,
  /** The sender address; DirectMail and Tencent SES accept only the address the SMTP user is. Default: SMTP_USER. */
  MAIL_FROM_ADDRESS: optionalText,
  MAIL_FROM_NAME: z.string().min(1).max(60).default('Skinfair'),
};

export type MailEnv = z.infer<z.ZodObject<typeof mailEnvShape>>;

export interface SmtpMailSettings {
  host: string;
  port: number;
  security: 'tls' | 'starttls' | 'none';
  /** Null: the relay takes mail without a login (a local relay). */
  auth: { user: string; password: string } | null;
  from: { address: string; name: string };
  timeoutMs: number;
}

export type MailSettings = { provider: 'none' } | { provider: 'sandbox' } | ({ provider: 'smtp' } & SmtpMailSettings);

const isLoopbackHost = (host: string) => {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || /^127\./.test(bare);
};
const isEmail = (value: string) => z.string().email().safeParse(value).success;

/** The chosen mail provider and every problem with its settings (all listed at once, as config.ts does). */
export function readMailSettings(
  env: MailEnv,
  mode: { production: boolean; sandbox: boolean },
): { mail: MailSettings; problems: string[] } {
  const provider = env.MAIL_PROVIDER ?? (mode.sandbox ? 'sandbox' : 'none');
  if (provider === 'none') return { mail: { provider: 'none' }, problems: [] };
  if (provider === 'sandbox') {
    const problems = mode.production
      ? ['MAIL_PROVIDER: "sandbox" only writes to a local outbox and is not allowed in production (use smtp)']
      : mode.sandbox
        ? []
        : ['MAIL_PROVIDER: "sandbox" needs SANDBOX_TOOLS (its outbox is read through the sandbox tools)'];
    return { mail: { provider: 'sandbox' }, problems };
  }

  const problems: string[] = [];
  const host = env.SMTP_HOST ?? '';
  if (!host) problems.push('SMTP_HOST: required with MAIL_PROVIDER=smtp (e.g. smtpdm.aliyun.com, smtp.qcloudmail.com)');
  const security = env.SMTP_SECURITY ?? (env.SMTP_PORT === 465 ? 'tls' : 'starttls');
  // security: without TLS the SMTP password and every code cross the network in the clear.
  if (security === 'none' && host && !isLoopbackHost(host))
    problems.push(
      `SMTP_SECURITY: "none" sends the password and the codes unencrypted; allowed only to a relay on this machine (SMTP_HOST=${host})`,
    );
  if (Boolean(env.SMTP_USER) !== Boolean(env.SMTP_PASSWORD))
    problems.push('SMTP_USER, SMTP_PASSWORD: set both (the login of the sending address), or neither for a relay without login');
  const address = env.MAIL_FROM_ADDRESS ?? (env.SMTP_USER && isEmail(env.SMTP_USER) ? env.SMTP_USER : '');
  if (!address) problems.push('MAIL_FROM_ADDRESS: required with MAIL_PROVIDER=smtp when SMTP_USER is not an email address');
  else if (!isEmail(address)) problems.push(`MAIL_FROM_ADDRESS: ${address} is not an email address`);
  const auth = env.SMTP_USER && env.SMTP_PASSWORD ? { user: env.SMTP_USER, password: env.SMTP_PASSWORD } : null;
  return {
    mail: {
      provider: 'smtp',
      host,
      port: env.SMTP_PORT,
      security,
      auth,
      from: { address, name: env.MAIL_FROM_NAME },
      timeoutMs: env.MAIL_TIMEOUT_MS,
    },
    problems,
  };
}
