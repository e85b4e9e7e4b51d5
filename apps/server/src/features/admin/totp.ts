import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Hasher } from '../../platform/secret.js';

/** RFC 6238 defaults every authenticator app reads: SHA-1, 6 digits, 30 s. */
const PERIOD_S = 30;
const ISSUER = 'Skinfair 管理后台';

const totpFor = (name: string, secret: Secret) =>
  new TOTP({ issuer: ISSUER, label: name, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret });

/** A fresh 160-bit secret (RFC 4226 §4 recommends 160) and its otpauth:// URI for the QR code. */
export function newTotpSecret(name: string): { base32: string; uri: string } {
  const secret = new Secret({ size: 20 });
  return { base32: secret.base32, uri: totpFor(name, secret).toString() };
}

/**
 * The time step a code matches (±1 step for clock drift), or null. The caller refuses a step not greater
 * than the last one accepted, so an observed code cannot be replayed.
 */
export function matchTotpStep(name: string, base32: string, code: string, nowMs = Date.now()): number | null {
  const delta = totpFor(name, Secret.fromBase32(base32)).validate({
    token: code,
    timestamp: nowMs,
    window: 1,
  });
  return delta === null ? null : Math.floor(nowMs / 1000 / PERIOD_S) + delta;
}

/**
 * AES-256-GCM under a key derived from APP_SECRET: a database dump alone yields no usable secret. A secret
 * offered for enrolment is sealed for the one session whose login showed it (`v1s<id>`, the id bound in as
 * additional data), so no other pending session can complete the enrolment with it; an enrolled secret is
 * plain `v1`, good for every later login.
 */
export function sealTotpSecret(hash: Hasher, base32: string, forSession?: number): string {
  const version = forSession === undefined ? 'v1' : `v1s${forSession}`;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', totpKey(hash), iv);
  if (forSession !== undefined) cipher.setAAD(Buffer.from(version));
  const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return [version, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The base32 secret, or null when it was offered to another session than `sessionId`. */
export function openTotpSecret(hash: Hasher, sealed: string, sessionId?: number): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  const bound = version?.match(/^v1s(\d+)$/);
  if ((version !== 'v1' && !bound) || !iv || !tag || !body) throw new Error('unknown sealed TOTP secret format');
  if (bound && Number(bound[1]) !== sessionId) return null;
  const decipher = createDecipheriv('aes-256-gcm', totpKey(hash), Buffer.from(iv, 'base64url'));
  if (bound) decipher.setAAD(Buffer.from(version!));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

const totpKey = (hash: Hasher) => Buffer.from(hash('operator-totp-key', 'v1'), 'hex');
