import type { ReactNode } from 'react';
import type { MessageId } from '../i18n/zh-CN';
import { usePageTitle } from './use-page-title';

interface PageShellProps {
  titleId: MessageId;
  /** Shown under the heading, e.g. a room number. */
  subtitle?: string;
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The frame every page shares: the document title, one h1, and the page body. No <header> element here:
 * the site header is the page's only banner (and the end-to-end test reads `header` by tag).
 */
export function PageShell({ titleId, subtitle, actions, children }: PageShellProps) {
  const title = usePageTitle(titleId);
  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 md:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-white">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-slate-400">{subtitle}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
