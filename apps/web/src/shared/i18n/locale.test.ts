import { describe, expect, it } from 'vitest';
import { applyDocumentLocale, directionFor, loadMessages, messagesFor, readStoredLocale, resolveLocale } from './locale';
import { useLocaleStore } from './locale-store';
import { zhCN } from './zh-CN';
import { enUS } from './en-US';

describe('locale selection (spec §1)', () => {
  it('defaults to zh-CN when umi_locale is missing or unknown', () => {
    expect(readStoredLocale()).toBe('zh-CN');
    localStorage.setItem('umi_locale', 'xx-YY');
    expect(readStoredLocale()).toBe('zh-CN');
  });

  it('reads a listed locale from umi_locale in any case', () => {
    localStorage.setItem('umi_locale', 'en-us');
    expect(readStoredLocale()).toBe('en-US');
    expect(resolveLocale('ar-SA')).toBe('ar-SA');
  });

  it('uses right-to-left for he, ar, fa and ku only', () => {
    for (const rtl of ['he-IL', 'ar-SA', 'fa-IR', 'ku-IQ']) expect(directionFor(rtl)).toBe('rtl');
    for (const ltr of ['zh-CN', 'en-US', 'ja-JP', 'ru-RU']) expect(directionFor(ltr)).toBe('ltr');
  });

  it('sets <html lang> and dir', () => {
    applyDocumentLocale('fa-IR');
    expect(document.documentElement.lang).toBe('fa-IR');
    expect(document.documentElement.dir).toBe('rtl');
    applyDocumentLocale('zh-CN');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('falls back to the complete zh-CN catalogue for languages without one', async () => {
    expect(messagesFor('ja-JP')).toBe(zhCN);
    // Only zh-CN ships in the entry chunk (issue 11); en-US is fetched when first needed.
    expect(messagesFor('en-US')).toBeUndefined();
    expect(await loadMessages('en-US')).toBe(enUS);
    expect(messagesFor('en-US')).toBe(enUS);
    expect(Object.keys(enUS).sort()).toEqual(Object.keys(zhCN).sort());
  });

  it('switching stores umi_locale and refuses languages without a catalogue', () => {
    useLocaleStore.getState().setLocale('en-US');
    expect(localStorage.getItem('umi_locale')).toBe('en-US');
    expect(useLocaleStore.getState().locale).toBe('en-US');
    useLocaleStore.getState().setLocale('ja-JP');
    expect(useLocaleStore.getState().locale).toBe('en-US');
    useLocaleStore.getState().setLocale('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});
