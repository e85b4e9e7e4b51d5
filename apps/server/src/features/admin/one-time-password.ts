import { randomInt } from 'node:crypto';

/**
 * Passwords one person sets for another (an admin's reset, the first-admin command's generated password):
 * read out or pasted once, then replaced at the first login (decision 0047).
 */

/** Lower-case letters and digits without the look-alikes i, l, o, 0 and 1: easy to read out and type. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 20 characters from the CSPRNG, about 99 bits, in five groups: `k7qm-x3rt-…` (24 characters, no spaces). */
export function newOneTimePassword(): string {
  const groups = Array.from({ length: 5 }, () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''));
  return groups.join('-');
}

/** How long an admin's one-time password works if nobody logs in with it: a long weekend. */
export const ONE_TIME_PASSWORD_HOURS = 72;

export const oneTimePasswordExpiry = (now = new Date()) => new Date(now.getTime() + ONE_TIME_PASSWORD_HOURS * 3_600_000);
