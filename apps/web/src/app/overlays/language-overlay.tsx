import { languages as contractLanguages } from '@skinfair/contract';
import { useLanguageList } from '../../shared/api/common-queries';
import { hasCatalogue } from '../../shared/i18n/locale';
import { useLocaleStore } from '../../shared/i18n/locale-store';
import { useT } from '../../shared/i18n/use-t';
import { Dialog } from '../../shared/ui/dialog';

/** Spec §1: a large language list, of which zh-CN and en-US have catalogues; the rest are listed as unavailable. */
export function LanguageOverlay({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { locale, setLocale } = useLocaleStore();
  const list = useLanguageList().data ?? contractLanguages;
  return (
    <Dialog title={t('overlay.language')} onClose={onClose} testId="overlay-language">
      <ul className="grid grid-cols-2 gap-2">
        {list.map((lang) => {
          const usable = lang.available && hasCatalogue(lang.code);
          const current = lang.code === locale;
          return (
            <li key={lang.code}>
              <button
                type="button"
                lang={lang.code}
                disabled={!usable}
                aria-pressed={current}
                onClick={() => {
                  setLocale(lang.code);
                  onClose();
                }}
                className={`flex w-full flex-col items-start rounded-lg border px-3 py-2 text-start text-sm ${current ? 'border-accent-orange text-white' : 'border-line text-slate-200'} disabled:cursor-not-allowed disabled:opacity-50`}
              >
                <span>{lang.nativeName}</span>
                <span className="text-xs text-slate-500">
                  {current ? t('language.current') : usable ? lang.name : t('language.unavailable')}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
