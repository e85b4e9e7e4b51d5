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

/** AES-256-GCM under a key derived from APP_SECRET: a database dump alone yields no usable secret. */
export function sealTotpSecret(hash: Hasher, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', totpKey(hash), iv);
  const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

export function openTotpSecret(hash: Hasher, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('unknown sealed TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', totpKey(hash), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

const totpKey = (hash: Hasher) => Buffer.from(hash('operator-totp-key', 'v1'), 'hex');
