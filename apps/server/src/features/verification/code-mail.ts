import { CODE_TTL_S } from './codes.js';

/**
 * The mail that carries a code (issue 27 §1): Chinese first, the site being zh-CN first, then one English
 * line for players who read English. The code is the first number in the text (the sandbox outbox and
 * mail clients that offer "copy code" look for it there).
 */
export function codeMail(code: string, what: string): { subject: string; text: string } {
  const minutes = CODE_TTL_S / 60;
  const text = [
    `您的验证码：${code}`,
    '',
    `您正在 Skinfair ${what}。验证码${minutes}分钟内有效，请勿告诉任何人（客服不会向您索要验证码）。`,
    '如非本人操作，请忽略本邮件，您的账号不会有任何变化。',
    '',
    `Your Skinfair verification code is ${code}. It is valid for ${minutes} minutes; never share it. ` +
      'If you did not ask for it, ignore this email.',
    '',
    '—— Skinfair（此邮件由系统自动发送，请勿直接回复）',
  ].join('\n');
  return { subject: `Skinfair 验证码：${what}`, text };
}
