import { z } from 'zod';
import { bool, int, text } from './fields.js';

/** GET /api/common/sysConfig. Spec §3: the exchange option shows when switchBalanceType is false; the
 * public notice shows when showPublicText is true. The rest is what the client needs to boot. */
export const sysConfigSchema = z.object({
  switchBalanceType: bool,
  showPublicText: bool,
  publicText: text,
  siteName: text,
  imageHost: text,
  wsPath: text,
  currencySymbol: text,
  firstDepositBonusPercent: int,
  minimumAge: int,
  customerServiceUrl: text,
  beaconSource: z.enum(['local', 'drand']),
  sandbox: bool,
  serverTime: text,
});
export type SysConfig = z.infer<typeof sysConfigSchema>;

export const languageSchema = z.object({ code: text, name: text, nativeName: text, rtl: bool, available: bool });
export type Language = z.infer<typeof languageSchema>;

/** Right-to-left scripts (spec §1). */
export const rtlLanguages = ['he', 'ar', 'fa', 'ku'] as const;
export const isRtlLocale = (locale: string) => (rtlLanguages as readonly string[]).includes(locale.toLowerCase().split('-')[0] ?? '');

/** Spec §1: a large list is present, only the Chinese catalogue is complete; English is second. */
export const languages: Language[] = [
  ['zh-CN', 'Simplified Chinese', '简体中文', true],
  ['en-US', 'English', 'English', true],
  ['zh-TW', 'Traditional Chinese', '繁體中文', false],
  ['ja-JP', 'Japanese', '日本語', false],
  ['ko-KR', 'Korean', '한국어', false],
  ['ru-RU', 'Russian', 'Русский', false],
  ['pt-BR', 'Portuguese', 'Português', false],
  ['es-ES', 'Spanish', 'Español', false],
  ['de-DE', 'German', 'Deutsch', false],
  ['fr-FR', 'French', 'Français', false],
  ['tr-TR', 'Turkish', 'Türkçe', false],
  ['vi-VN', 'Vietnamese', 'Tiếng Việt', false],
  ['th-TH', 'Thai', 'ไทย', false],
  ['id-ID', 'Indonesian', 'Bahasa Indonesia', false],
  ['ar-SA', 'Arabic', 'العربية', false],
  ['he-IL', 'Hebrew', 'עברית', false],
  ['fa-IR', 'Persian', 'فارسی', false],
  ['ku-IQ', 'Kurdish', 'Kurdî', false],
].map(([code, name, nativeName, available]) => ({
  code: code as string,
  name: name as string,
  nativeName: nativeName as string,
  rtl: isRtlLocale(code as string),
  available: available as boolean,
}));
