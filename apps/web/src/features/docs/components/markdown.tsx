import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A small Markdown subset (headings, paragraphs, lists, quotes, bold, links) turned into React elements.
 * Nothing is ever set as HTML: the text stays text, so a document cannot inject markup or scripts.
 * Links go through the same rule: site paths and https addresses only.
 */
type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'quote'; text: string };

export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
    if (list) blocks.push({ kind: 'list', items: list });
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (line === '') flush();
    else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]!.length as 1 | 2 | 3, text: heading[2]! });
    } else if (/^[-*]\s+/.test(line)) {
      if (paragraph.length) flush();
      (list ??= []).push(line.replace(/^[-*]\s+/, ''));
    } else if (line.startsWith('>')) {
      flush();
      blocks.push({ kind: 'quote', text: line.replace(/^>\s?/, '') });
    } else if (list) list[list.length - 1] += ` ${line}`;
    else paragraph.push(line);
  }
  flush();
  return blocks;
}

const INLINE = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)|(https:\/\/[^\s)）]+)/g;

function SafeLink({ href, children }: { href: string; children: ReactNode }) {
  const className = 'text-accent-cyan underline underline-offset-2 hover:brightness-125';
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  if (href.startsWith('https://')) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
        {children}
      </a>
    );
  }
  return <>{children}</>;
}

export function renderInline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const key = match.index;
    if (match[1] !== undefined) out.push(<strong key={key} className="font-semibold text-white">{match[1]}</strong>);
    else if (match[2] !== undefined) out.push(<SafeLink key={key} href={match[3]!}>{match[2]}</SafeLink>);
    else out.push(<SafeLink key={key} href={match[4]!}>{match[4]}</SafeLink>);
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** The document body. A leading level-1 heading is dropped: the page shows the title as its h1. */
export function Markdown({ source }: { source: string }) {
  const blocks = parseBlocks(source);
  const body = blocks[0]?.kind === 'heading' && blocks[0].level === 1 ? blocks.slice(1) : blocks;
  return (
    <div className="flex flex-col gap-3 leading-relaxed text-slate-300" data-testid="markdown">
      {body.map((block, i) => {
        switch (block.kind) {
          case 'heading':
            return block.level <= 2 ? (
              <h2 key={i} className="mt-4 text-lg font-semibold text-white">
                {renderInline(block.text)}
              </h2>
            ) : (
              <h3 key={i} className="mt-2 font-semibold text-white">
                {renderInline(block.text)}
              </h3>
            );
          case 'list':
            return (
              <ul key={i} className="flex list-disc flex-col gap-1.5 ps-5">
                {block.items.map((item, j) => (
                  <li key={j}>{renderInline(item)}</li>
                ))}
              </ul>
            );
          case 'quote':
            return (
              <blockquote key={i} className="border-s-4 border-accent-orange/60 bg-panel-2/60 px-4 py-2 text-slate-200">
                {renderInline(block.text)}
              </blockquote>
            );
          default:
            return <p key={i}>{renderInline(block.text)}</p>;
        }
      })}
    </div>
  );
}
