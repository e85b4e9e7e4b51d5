import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { DEFAULT_LOCALE, applyDocumentLocale, loadMessages, messagesFor } from './locale';
import { useLocaleStore } from './locale-store';
import { zhCN, type Messages } from './zh-CN';

export function I18nProvider({ children }: { children: ReactNode }) {
  const locale = useLocaleStore((s) => s.locale);
  // While a newly chosen catalogue is on its way, the page keeps the last one it could show.
  const [last, setLast] = useState<{ locale: string; messages: Messages }>({ locale: DEFAULT_LOCALE, messages: zhCN });
  const ready = messagesFor(locale);
  const shown = ready ? { locale, messages: ready } : last;
  useEffect(() => applyDocumentLocale(locale), [locale]);
  useEffect(() => {
    if (messagesFor(locale)) return;
    let current = true;
    loadMessages(locale).then(
      (messages) => current && setLast({ locale, messages }),
      (error: unknown) => console.error('[i18n] catalogue failed to load', error),
    );
    return () => {
      current = false;
    };
  }, [locale]);
  return (
    <IntlProvider locale={shown.locale} defaultLocale={DEFAULT_LOCALE} messages={shown.messages}>
      {children}
    </IntlProvider>
  );
}
