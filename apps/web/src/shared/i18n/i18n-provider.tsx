import { useEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { DEFAULT_LOCALE, applyDocumentLocale, messagesFor } from './locale';
import { useLocaleStore } from './locale-store';

export function I18nProvider({ children }: { children: ReactNode }) {
  const locale = useLocaleStore((s) => s.locale);
  useEffect(() => applyDocumentLocale(locale), [locale]);
  return (
    <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={messagesFor(locale)}>
      {children}
    </IntlProvider>
  );
}
