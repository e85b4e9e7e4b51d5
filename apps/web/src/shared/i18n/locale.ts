import { isRtlLocale, languages } from '@skinfair/contract';
import { readItem } from '../storage/local';
import { loadChunk } from '../chunk/lazy-chunk';
import { zhCN, type Messages } from './zh-CN';

/** Spec §1: the locale lives in localStorage `umi_locale`, default zh-CN. */
export const LOCALE_KEY = 'umi_locale';
export const DEFAULT_LOCALE = 'zh-CN';

/**
 * Locales with a catalogue of their own; any other listed language reads the zh-CN catalogue. Only the
 * default ships in the entry chunk; the others are fetched when chosen (issue 11: a light first visit).
 */
const loaders: Record<string, () => Promise<Messages>> = {
  'en-US': () => import('./en-US').then((m) => m.enUS),
};
const loaded = new Map<string, Messages>([[DEFAULT_LOCALE, zhCN]]);

export const hasCatalogue = (locale: string) => loaded.has(locale) || locale in loaders;

/** A listed language code (any case) → its canonical spelling; anything else → zh-CN. */
export function resolveLocale(value: string | null | undefined): string {
  if (!value) return DEFAULT_LOCALE;
  const match = languages.find((lang) => lang.code.toLowerCase() === value.trim().toLowerCase());
  return match ? match.code : DEFAULT_LOCALE;
}

export const readStoredLocale = (): string => resolveLocale(readItem(LOCALE_KEY));

/** The catalogue to show `locale` in, or undefined while its own catalogue has not been fetched yet. */
export const messagesFor = (locale: string): Messages | undefined => (hasCatalogue(locale) ? loaded.get(locale) : zhCN);

/** Fetches (once) the catalogue of `locale`; a failed fetch rejects with a named chunk error (spec §8). */
export async function loadMessages(locale: string): Promise<Messages> {
  const ready = messagesFor(locale);
  if (ready) return ready;
  const messages = await loadChunk(`i18n-${locale}`, loaders[locale] as () => Promise<Messages>);
  loaded.set(locale, messages);
  return messages;
}

/** Spec §1: right-to-left for he, ar, fa and ku. */
export const directionFor = (locale: string): 'rtl' | 'ltr' => (isRtlLocale(locale) ? 'rtl' : 'ltr');

export function applyDocumentLocale(locale: string, root: HTMLElement = document.documentElement): void {
  root.lang = locale;
  root.dir = directionFor(locale);
}
