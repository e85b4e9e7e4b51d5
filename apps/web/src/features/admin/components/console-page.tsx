import { useEffect, type ReactNode } from 'react';
import { useAdminT } from '../i18n/messages';

/** The browser tab names the console screen, so an operator with several console tabs can tell them apart. */
export function useConsoleTitle(title: string): void {
  const t = useAdminT();
  const consoleName = t('admin.title');
  useEffect(() => {
    document.title = `${title} - ${consoleName}`;
  }, [title, consoleName]);
}

/** A console screen: its title (the page's one h1, and the tab's) over its content. */
export function ConsolePage({ title, children }: { title: string; children: ReactNode }) {
  useConsoleTitle(title);
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </section>
  );
}
