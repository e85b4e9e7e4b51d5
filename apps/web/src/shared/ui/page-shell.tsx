import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MessageId } from '../i18n/zh-CN';
import { LoginRequired } from './login-required';
import { usePageTitle } from './use-page-title';

const linkLooks = {
  /** Back to the page this one hangs off (a room, the seeds). */
  back: 'text-sm text-accent-cyan hover:underline',
  /** The page's main action (create a battle or a room). */
  create: 'rounded-lg bg-accent-red px-4 py-2 font-semibold text-black hover:brightness-110',
  /** A neighbouring page. */
  neighbour: 'rounded-lg border border-line px-4 py-2 text-sm text-accent-cyan hover:bg-panel-2',
  /** A way out to people (support). */
  contact: 'rounded-lg border border-line bg-panel-2 px-4 py-2 text-sm text-white hover:brightness-125',
} as const;

/** The link beside a page's heading. */
export interface PageLink {
  to: string;
  label: string;
  look: keyof typeof linkLooks;
}

export function PageLinkTo({ link }: { link: PageLink }) {
  return (
    <Link to={link.to} className={linkLooks[link.look]}>
      {link.label}
    </Link>
  );
}

interface PageShellProps {
  titleId: MessageId;
  /** Shown under the heading, e.g. a room number. */
  subtitle?: string;
  link?: PageLink;
  children: ReactNode;
}

/**
 * The frame every page shares: the document title, one h1, and the page body. No <header> element here:
 * the site header is the page's only banner (and the end-to-end test reads `header` by tag).
 */
export function PageShell({ titleId, subtitle, link, children }: PageShellProps) {
  const title = usePageTitle(titleId);
  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 md:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-white">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-slate-400">{subtitle}</p> : null}
        </div>
        {link ? <PageLinkTo link={link} /> : null}
      </div>
      {children}
    </section>
  );
}

/** A page of the personal centre: its tabs (`nav`), then the body for a logged-in player, else the login prompt. */
export function AccountPage({ titleId, nav, children }: { titleId: MessageId; nav?: ReactNode; children: ReactNode }) {
  return (
    <PageShell titleId={titleId}>
      {nav}
      <LoginRequired>{children}</LoginRequired>
    </PageShell>
  );
}
