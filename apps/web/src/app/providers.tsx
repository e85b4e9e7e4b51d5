import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../shared/api/query-client';
import { I18nProvider } from '../shared/i18n/i18n-provider';
import { ToasterHost } from '../shared/ui/toast';

/** Server data (TanStack Query), messages (react-intl) and toasts, around the router. */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <I18nProvider>
        {children}
        <ToasterHost />
      </I18nProvider>
    </QueryClientProvider>
  );
}
