import { create } from 'zustand';
import { writeItem } from '../storage/local';
import { applyDocumentLocale, hasCatalogue, LOCALE_KEY, readStoredLocale, resolveLocale } from './locale';

interface LocaleState {
  locale: string;
  /** Only locales with a catalogue can be chosen in the picker; the value is remembered in umi_locale. */
  setLocale: (locale: string) => void;
}

export const useLocaleStore = create<LocaleState>()((set) => ({
  locale: readStoredLocale(),
  setLocale: (value) => {
    const locale = resolveLocale(value);
    if (!hasCatalogue(locale)) return;
    writeItem(LOCALE_KEY, locale);
    applyDocumentLocale(locale);
    set({ locale });
  },
}));

/** The `lang` request header (spec §1, §7) follows the current locale. */
export const currentLocale = (): string => useLocaleStore.getState().locale;
