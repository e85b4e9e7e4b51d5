import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';

/**
 * The HMAC key. Production must configure APP_SECRET (every node the same); elsewhere one is generated
 * on first start and kept beside the data, so hashes stay valid across restarts.
 */
export function resolveAppSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'app-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export type Hasher = (purpose: string, value: string) => string;

/** Keyed hashes with domain separation: the same value hashed for two purposes never collides. */
export const createHasher =
  (secret: string): Hasher =>
  (purpose, value) =>
    createHmac('sha256', secret).update(`${purpose}\n${value}`).digest('hex');
