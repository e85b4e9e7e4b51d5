import nodemailer from 'nodemailer';
import type { SmtpMailSettings } from './mail-config.js';
import type { MailProvider } from './messaging.js';

/** An SMTP refusal or failure, with what the server said (for the log; never shown to the player). */
export class MailSendError extends Error {
  constructor(
    readonly providerCode: string,
    message: string,
  ) {
    super(`SMTP mail not sent: ${providerCode} ${message}`);
    this.name = 'MailSendError';
  }
}

/**
 * Mail through any SMTP relay that logs in with the sending address (Alibaba Cloud DirectMail
 * smtpdm.aliyun.com, Tencent Cloud SES smtp.qcloudmail.com, a company relay). One connection per mail, no
 * pool: codes are few, and a pooled connection the relay dropped would fail the next player's send.
 * Only a relay that took the mail for the one recipient counts as a send: a refused login, sender or
 * recipient (4xx/5xx), a missing STARTTLS, a connection error or a timeout rejects.
 */
export function createSmtpMailProvider(settings: SmtpMailSettings): MailProvider {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'tls',
    // starttls: a relay that does not offer STARTTLS gets nothing, rather than the password in the clear.
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    ...(settings.auth ? { auth: { user: settings.auth.user, pass: settings.auth.password } } : {}),
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
  });
  return {
    name: 'smtp-mail',
    async send(email, subject, text) {
      let info;
      try {
        info = await transport.sendMail({
          from: settings.from,
          to: email,
          subject,
          text,
          // Chinese text: base64 is shorter than quoted-printable. Auto-Submitted keeps auto-replies away (RFC 3834).
          textEncoding: 'base64',
          headers: { 'Auto-Submitted': 'auto-generated' },
        });
      } catch (err) {
        const e = err as { code?: string; responseCode?: number; message?: string };
        throw new MailSendError(String(e.responseCode ?? e.code ?? 'ERROR'), String(e.message ?? err));
      }
      if (info.accepted.length !== 1) throw new MailSendError('REJECTED', String(info.response));
    },
  };
}
