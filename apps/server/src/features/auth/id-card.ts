/**
 * Mainland resident ID numbers (GB 11643): 6-digit region, 8-digit birth date, 3-digit sequence and an
 * ISO 7064 MOD 11-2 check character (security.md "Real name").
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';
const PROVINCES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82,
  91,
]);

export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

export interface ParsedIdCard {
  birthDate: string; // YYYY-MM-DD
}

export function parseIdCard(raw: string): ParsedIdCard | null {
  const id = raw.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return null;
  if (!PROVINCES.has(Number(id.slice(0, 2)))) return null;
  if (idCardCheckChar(id.slice(0, 17)) !== id[17]) return null;
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  if (date.getTime() > Date.now()) return null;
  return { birthDate: `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}` };
}

/** Age in whole years on `today` (a birthday counts from its day; 29 February counts from 1 March). */
export function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age--;
  return age;
}

/** "张三" → "张*", "欧阳娜娜" → "欧***". */
export const maskRealName = (name: string) => `${name.slice(0, 1)}${'*'.repeat(Math.max(1, name.length - 1))}`;

/** China Standard Time date: the age that matters is the one at the player's midnight. */
export const todayInChina = () => new Date(Date.now() + 8 * 3_600_000);
