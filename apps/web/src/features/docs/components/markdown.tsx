import type { ComponentProps, ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import rehypeSanitize from 'rehype-sanitize';
import { isSafeLink } from '@skinfair/contract';

/**
 * Document bodies (Markdown) rendered by react-markdown, which never turns raw HTML into elements, with
 * rehype-sanitize's GitHub schema over the result as a second fence: no script, no event handler, no
 * javascript: address reaches the page (issue 15). Links and images keep only site paths and https.
 */
const linkClass = 'text-accent-cyan underline underline-offset-2 hover:brightness-125';

function SafeLink({ href, children }: { href: string | undefined; children: ReactNode }) {
  if (href && isSafeLink(href) && href.startsWith('/')) {
    return (
      <Link to={href} className={linkClass}>
        {children}
      </Link>
    );
  }
  if (href && isSafeLink(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
        {children}
      </a>
    );
  }
  return <>{children}</>;
}

function SafeImage({ src, alt }: ComponentProps<'img'>) {
  if (typeof src !== 'string' || !isSafeLink(src)) return alt ? <>{alt}</> : null;
  return <img src={src} alt={alt ?? ''} loading="lazy" className="max-w-full rounded-lg" />;
}

const components: Components = {
  // The page shows the title as its h1; a heading of level 1 inside the body reads as a section.
  h1: ({ children }) => <h2 className="mt-4 text-lg font-semibold text-white">{children}</h2>,
  h2: ({ children }) => <h2 className="mt-4 text-lg font-semibold text-white">{children}</h2>,
  h3: ({ children }) => <h3 className="mt-2 font-semibold text-white">{children}</h3>,
  h4: ({ children }) => <h4 className="mt-2 font-semibold text-white">{children}</h4>,
  p: ({ children }) => <p>{children}</p>,
  ul: ({ children }) => <ul className="flex list-disc flex-col gap-1.5 ps-5">{children}</ul>,
  ol: ({ children }) => <ol className="flex list-decimal flex-col gap-1.5 ps-5">{children}</ol>,
  blockquote: ({ children }) => (
    <blockquote className="border-s-4 border-accent-orange/60 bg-panel-2/60 px-4 py-2 text-slate-200">{children}</blockquote>
  ),
  strong: ({ children }) => <strong className="font-semibold text-white">{children}</strong>,
  code: ({ children }) => <code className="rounded bg-panel-2 px-1 py-0.5 text-sm text-slate-100">{children}</code>,
  a: ({ href, children }) => <SafeLink href={href}>{children}</SafeLink>,
  img: SafeImage,
};

/** A leading level-1 heading repeats the title the page already shows as its h1. */
const withoutLeadingTitle = (source: string) => source.replace(/^\s*#[ \t]+[^\n]*(\n|$)/, '');

/** The document body. */
export function Markdown({ source }: { source: string }) {
  return (
    <div className="flex flex-col gap-3 leading-relaxed text-slate-300" data-testid="markdown">
      <ReactMarkdown rehypePlugins={[rehypeSanitize]} components={components}>
        {withoutLeadingTitle(source)}
      </ReactMarkdown>
    </div>
  );
}

export default Markdown;
