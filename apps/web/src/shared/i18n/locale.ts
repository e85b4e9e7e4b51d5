import { isRtlLocale, languages } from '@skinfair/contract';
import { readItem } from '../storage/local';
import { enUS } from './en-US';
import { zhCN, type Messages } from './zh-CN';

/** Spec §1: the locale lives in localStorage `umi_locale`, default zh-CN. */
export const LOCALE_KEY = 'umi_locale';
export const DEFAULT_LOCALE = 'zh-CN';

/** Locales with a catalogue of their own; any other listed language reads the zh-CN catalogue. */
const catalogues: Record<string, Messages> = { 'zh-CN': zhCN, 'en-US': enUS };

export const hasCatalogue = (locale: string) => locale in catalogues;

/** A listed language code (any case) → its canonical spelling; anything else → zh-CN. */
export function resolveLocale(value: string | null | undefined): string {
  if (!value) return DEFAULT_LOCALE;
  const match = languages.find((lang) => lang.code.toLowerCase() === value.trim().toLowerCase());
  return match ? match.code : DEFAULT_LOCALE;
}

export const readStoredLocale = (): string => resolveLocale(readItem(LOCALE_KEY));

export const messagesFor = (locale: string): Messages => catalogues[locale] ?? zhCN;

/** Spec §1: right-to-left for he, ar, fa and ku. */
export const directionFor = (locale: string): 'rtl' | 'ltr' => (isRtlLocale(locale) ? 'rtl' : 'ltr');

export function applyDocumentLocale(locale: string, root: HTMLElement = document.documentElement): void {
  root.lang = locale;
  root.dir = directionFor(locale);
}
