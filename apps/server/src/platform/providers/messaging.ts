import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { mailOutbox, smsOutbox } from './tables.js';

/**
 * A verification code to one number. Real gateways send an approved template with the code as its one
 * variable (sign name and template from configuration); `text` is what that template reads like, kept by
 * the sandbox outbox.
 */
export interface SmsMessage {
  code: string;
  purpose: string;
  text: string;
}

/**
 * Where SMS go. The sandbox keeps them in an outbox that tests and the demo page read. `send` resolves
 * only once the gateway accepted the message; any refusal, error or timeout rejects (the caller then
 * spends neither the code nor the quota).
 */
/**
 * A security notice (issue 24 §2, decision 0045): no code; an approved notice template with two variables,
 * what changed and until when withdrawals wait (Beijing time). `text` is what that template reads like.
 */
export interface SmsNotice {
  params: { change: string; until: string };
  text: string;
}

export interface SmsProvider {
  readonly name: string;
  send(phone: string, message: SmsMessage): Promise<void>;
  /**
   * Absent when the gateway has no notice template configured (ALIYUN_SMS_NOTICE_TEMPLATE_CODE,
   * TENCENT_SMS_NOTICE_TEMPLATE_ID): security notices then go in-site only. Resolves and rejects like `send`.
   * Called from a job's transaction: `scope.tx` is where the sandbox outbox writes (PGlite has one connection).
   */
  sendNotice?(phone: string, notice: SmsNotice, scope?: { tx: Executor }): Promise<void>;
}

/** A gateway refusal or failure, with what the gateway said (for the log; never shown to the player). */
export class SmsSendError extends Error {
  constructor(
    readonly provider: string,
    readonly providerCode: string,
    message: string,
    readonly requestId?: string,
  ) {
    super(`${provider} SMS not sent: ${providerCode} ${message}`);
    this.name = 'SmsSendError';
  }
}

export interface MailProvider {
  readonly name: string;
  send(email: string, subject: string, text: string): Promise<void>;
}

export function createSandboxSmsProvider(ex: Executor): SmsProvider {
  return {
    name: 'sandbox-sms',
    async send(phone, message) {
      await ex.insert(smsOutbox).values({ phone, text: message.text });
    },
    async sendNotice(phone, notice, scope) {
      await (scope?.tx ?? ex).insert(smsOutbox).values({ phone, text: notice.text });
    },
  };
}

export function createSandboxMailProvider(ex: Executor): MailProvider {
  return {
    name: 'sandbox-mail',
    async send(email, subject, text) {
      await ex.insert(mailOutbox).values({ email, subject, text });
    },
  };
}

export async function readSmsOutbox(ex: Executor, phone: string, limit = 10) {
  return ex
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.phone, phone)))
    .orderBy(desc(smsOutbox.id))
    .limit(limit);
}

export async function readMailOutbox(ex: Executor, email: string, limit = 10) {
  return ex.select().from(mailOutbox).where(eq(mailOutbox.email, email)).orderBy(desc(mailOutbox.id)).limit(limit);
}
