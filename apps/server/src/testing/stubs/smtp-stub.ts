import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A stand-in for an SMTP relay (Alibaba Cloud DirectMail, Tencent SES) on a loopback port: AUTH with the
 * sending address's login, MAIL FROM, RCPT TO, DATA, as a relay answers them. It keeps every mail it took,
 * decoded (subject, text), and can refuse the next recipient or message with an SMTP reply code. No
 * STARTTLS unless asked (`starttls: true`, with smtp-server's own self-signed certificate).
 */
export interface SmtpStubOptions {
  user: string;
  password: string;
  starttls?: boolean;
}

export interface DeliveredMail {
  mailFrom: string;
  rcptTo: string[];
  /** The From header as sent (display name and address). */
  from: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
  /** Who logged in for it. */
  user: string | undefined;
}

type Stage = 'rcpt' | 'data';
const reply = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/** RFC 2047 words (=?UTF-8?B?…?= and Q). Adjacent ones form one run: a character may span two words. */
function decodeHeader(value: string): string {
  const qBytes = (data: string) =>
    Buffer.from(
      data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    );
  // The whitespace between two encoded words is not part of the text.
  return value
    .replace(/\?=\s+(?==\?)/g, '?=')
    .replace(/(?:=\?[^?]+\?[BbQq]\?[^?]*\?=)+/g, (run) =>
      Buffer.concat(
        [...run.matchAll(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g)].map(([, encoding, data]) =>
          encoding!.toUpperCase() === 'B' ? Buffer.from(data!, 'base64') : qBytes(data!),
        ),
      ).toString('utf8'),
    );
}

function parseMessage(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = raw.slice(split + 4);
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return { headers, text: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') };
  if (encoding === '7bit' || encoding === '8bit') return { headers, text: body.replace(/\r\n$/, '') };
  throw new Error(`stub cannot read Content-Transfer-Encoding ${encoding}`);
}

export async function startSmtpStub(options: SmtpStubOptions) {
  const delivered: DeliveredMail[] = [];
  const failedLogins: string[] = [];
  const refusals: Array<{ stage: Stage; code: number; message: string }> = [];

  const refuseAt = (stage: Stage) => {
    const i = refusals.findIndex((r) => r.stage === stage);
    if (i < 0) return null;
    const [r] = refusals.splice(i, 1);
    return reply(r!.code, r!.message);
  };

  const server = new SMTPServer({
    name: 'smtp.stub.local',
    banner: 'Skinfair test relay',
    disabledCommands: options.starttls ? [] : ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    closeTimeout: 1_000,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) return callback(null, { user: auth.username });
      failedLogins.push(auth.username ?? '');
      callback(reply(535, 'Error: authentication failed'));
    },
    onRcptTo(_address, _session, callback) {
      callback(refuseAt('rcpt'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const refused = refuseAt('data');
        if (refused) return callback(refused);
        const { headers, text } = parseMessage(Buffer.concat(chunks).toString('latin1'));
        delivered.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          from: decodeHeader(Buffer.from(headers.from ?? '', 'latin1').toString('utf8')),
          subject: decodeHeader(headers.subject ?? ''),
          text,
          headers,
          user: session.user,
        });
        callback(null, 'OK: queued');
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    host: '127.0.0.1',
    port,
    delivered,
    failedLogins,
    /** The next RCPT TO or DATA gets this reply (e.g. 550 mailbox unavailable, 451 try later). */
    refuseNext(stage: Stage, code: number, message: string) {
      refusals.push({ stage, code, message });
    },
    /** The code in the newest mail to `email`. */
    lastCode(email: string): string | undefined {
      const mail = delivered.findLast((m) => m.rcptTo.includes(email));
      return mail ? /(\d{6})/.exec(mail.text)?.[1] : undefined;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpStub = Awaited<ReturnType<typeof startSmtpStub>>;

/** Settings that point MAIL_PROVIDER=smtp at a stub (plain SMTP: allowed to a loopback relay only). */
export const smtpStubEnv = (stub: SmtpStub, login: { user: string; password: string }): Record<string, string> => ({
  MAIL_PROVIDER: 'smtp',
  SMTP_HOST: stub.host,
  SMTP_PORT: String(stub.port),
  SMTP_SECURITY: 'none',
  SMTP_USER: login.user,
  SMTP_PASSWORD: login.password,
  MAIL_FROM_NAME: 'Skinfair 官方',
  MAIL_TIMEOUT_MS: '5000',
});
