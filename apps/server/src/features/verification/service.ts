import type { AppContext } from '../../app-context.js';
import { AppError, isAppError } from '../../platform/errors.js';
import { hasLoggedInFrom } from '../../platform/auth/index.js';
import type { Executor } from '../../platform/db/client.js';
import { checkSendLimits, consumeCode, newCode, releaseSendLimits, restoreCode, storeCode, type CodeChannel } from './codes.js';
import { consumeSliderPass } from './slider.js';
import { redactSecrets } from './log-redaction.js';
import { codeMail } from './code-mail.js';

/**
 * How a code finds its account. The users feature's lookups, handed in by app.ts: users and auth check codes
 * through this feature, so importing users here would tie the two features in a circle.
 */
export interface AccountLookup {
  findUser(ex: Executor, id: number): Promise<{ mobile: string | null; email: string | null } | null>;
  findUserByMobile(ex: Executor, mobile: string): Promise<{ id: number } | null>;
}

export type VerificationContext = Pick<AppContext, 'db' | 'hash' | 'sms' | 'mail' | 'config'> & {
  log: { error: (o: object, m: string) => void };
  accounts: AccountLookup;
};

const purposeText: Record<string, string> = {
  signUp: '注册账号',
  smsLogin: '登录',
  findPassword: '找回密码',
  bindPhone: '绑定新手机号',
  changePhone: '更换手机号',
  security: '安全验证',
  cancelAccount: '注销账号',
  verify: '实名认证',
  bindMail: '绑定邮箱',
};

async function issue(ctx: VerificationContext, channel: CodeChannel, target: string, purpose: string, ip: string, owner: boolean) {
  const taken = await checkSendLimits(
    ctx.db,
    channel,
    target,
    { ip, owner },
    {
      resendAfterS: ctx.config.smsResendSeconds,
      perIpHour: ctx.config.smsMaxPerIpHour,
      dailyBudget: ctx.config.smsDailyBudget,
      onBudgetAlarm: (count) => ctx.log.error({ channel, count, budget: ctx.config.smsDailyBudget }, 'verification budget alarm'),
    },
  );
  const code = newCode();
  const what = purposeText[purpose] ?? '验证';
  try {
    if (channel === 'sms') {
      const text = `【Skinfair】您正在${what}，验证码 ${code}，5分钟内有效。如非本人操作，请忽略本消息。`;
      await ctx.sms.send(target, { code, purpose, text });
    } else {
      const mail = codeMail(code, what);
      await ctx.mail.send(target, mail.subject, mail.text);
    }
  } catch (err) {
    // Issue 17: a refused, failed or timed-out send spends nothing and stores no code; the player is told.
    const said = redactSecrets(String(err), [
      { value: code, mask: '******' },
      { value: target, mask: '[target]' },
    ]);
    ctx.log.error({ err: said, channel, provider: channel === 'sms' ? ctx.sms.name : ctx.mail.name }, 'verification code not delivered');
    await releaseSendLimits(ctx.db, taken);
    // A provider's own refusal for the player (no mail provider: MAIL_UNAVAILABLE) passes through as it is.
    if (isAppError(err)) throw err;
    throw new AppError('SMS_SEND_FAILED', 'gateway refused or failed');
  }
  // Stored once the gateway took it; any earlier code to this target and purpose stops counting.
  await storeCode(ctx.db, ctx.hash, { channel, target, purpose, ip, code });
  return { countdown: ctx.config.smsResendSeconds };
}

/**
 * Guest codes (sign-up, SMS login, find password, a new number). The reply is the same whether or not
 * the number is registered (security.md), and each send spends one slider pass.
 */
export async function sendSmsCode(
  ctx: VerificationContext,
  input: { phone: string; type: string; captchaVerification: string; ip: string; deviceId?: string | null },
) {
  await consumeSliderPass(ctx.db, ctx.hash, input.captchaVerification);
  return issue(ctx, 'sms', input.phone, input.type, input.ip, await isOwnerRequest(ctx, input.phone, input));
}

/**
 * The owner asks from somewhere the account has logged in before (address or device). The lookup runs
 * for unregistered numbers too, so the answer's timing does not tell whether a number is registered.
 */
async function isOwnerRequest(ctx: VerificationContext, phone: string, from: { ip: string; deviceId?: string | null }): Promise<boolean> {
  const user = await ctx.accounts.findUserByMobile(ctx.db, phone);
  return hasLoggedInFrom(ctx.db, user?.id ?? 0, from);
}

/** Codes to the logged-in user's own number (change phone, security checks, cancellation, real name). */
export async function sendUserSmsCode(
  ctx: VerificationContext,
  userId: number,
  input: { type: string; captchaVerification: string; ip: string },
) {
  const user = await ctx.accounts.findUser(ctx.db, userId);
  if (!user?.mobile) throw new AppError('SECURITY_WAY_UNAVAILABLE', 'no mobile');
  await consumeSliderPass(ctx.db, ctx.hash, input.captchaVerification);
  // The caller holds a session of this account: the owner's quota.
  return issue(ctx, 'sms', user.mobile, input.type, input.ip, true);
}

/**
 * A security-check code goes only to the address already on the account, so it needs no slider. Every
 * other mail code goes to an address the caller typed and spends a slider pass first, like an SMS send
 * (issue 24 §8).
 */
export async function sendMailCode(
  ctx: VerificationContext,
  userId: number,
  input: { email: string; purpose: string; ip: string; captchaVerification?: string | undefined },
) {
  if (input.purpose === 'security') {
    const user = await ctx.accounts.findUser(ctx.db, userId);
    if (!user?.email || user.email !== input.email) throw new AppError('SECURITY_WAY_UNAVAILABLE', 'mail');
  } else {
    if (!input.captchaVerification) throw new AppError('SLIDER_REQUIRED');
    await consumeSliderPass(ctx.db, ctx.hash, input.captchaVerification);
  }
  return issue(ctx, 'mail', input.email, input.purpose, input.ip, true);
}

export const verifySmsCode = (ctx: Pick<AppContext, 'db' | 'hash'>, phone: string, purpose: string, code: string) =>
  consumeCode(ctx.db, ctx.hash, { channel: 'sms', target: phone, purpose, code });

/** A code given back after a provider failure (codes.ts restoreCode). */
export const restoreSmsCode = (ctx: Pick<AppContext, 'db'>, codeId: number) => restoreCode(ctx.db, codeId);

export const verifyMailCode = (ctx: Pick<AppContext, 'db' | 'hash'>, email: string, purpose: string, code: string) =>
  consumeCode(ctx.db, ctx.hash, { channel: 'mail', target: email, purpose, code });
