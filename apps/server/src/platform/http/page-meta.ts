import type { WebRouteMatch } from '@skinfair/contract';

/** What a shared link shows where it is pasted: the page's title, one line about it, maybe a picture. */
export interface PageMeta {
  title: string;
  description: string;
  /** An image path under /img (the catalogue's relative paths) or an absolute http(s) URL. */
  image?: string | null;
}

/** The page meta of a path, or null for the app's plain page (an unknown or private id, a non-shareable page). */
export type PageMetaSource = (match: WebRouteMatch) => Promise<PageMeta | null>;

const SITE_NAME = 'Skinfair';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Long enough for a preview card; a room title or item name is never a page of text. */
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function absoluteImage(image: string | null | undefined, publicUrl: string): string | null {
  if (!image) return null;
  if (/^https?:\/\//i.test(image)) return image;
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(image)) return null;
  const relative = image.replace(/^\/+/, '');
  return `${publicUrl}/${relative.startsWith('img/') ? relative : `img/${relative}`}`;
}

/**
 * index.html with the page's <title> and OpenGraph tags (issue 27 §9): link previews come from crawlers
 * that never run the app's script, so what they read must be in the HTML itself. Every value is
 * escaped: room titles and nicknames are player text.
 */
export function withPageMeta(html: string, meta: PageMeta, pageUrl: string, publicUrl: string): string {
  const title = `${clip(meta.title, 80)} - ${SITE_NAME}`;
  const image = absoluteImage(meta.image, publicUrl);
  const tags = [
    ['og:type', 'website'],
    ['og:site_name', SITE_NAME],
    ['og:title', title],
    ['og:description', clip(meta.description, 200)],
    ['og:url', pageUrl],
    ...(image ? [['og:image', image]] : []),
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content!)}" />`)
    .concat(`<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`)
    .join('\n    ');
  const description = `<meta name="description" content="${escapeHtml(clip(meta.description, 200))}" />`;
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta name="description"[^>]*>/, description)
    .replace('</head>', `    ${tags}\n  </head>`);
}

/**
 * A source whose answers are kept briefly, so a link posted to a busy group chat (dozens of crawler
 * fetches at once) reads the database once. Misses are kept too; failures are not, and give null.
 */
export function cachedPageMeta(
  source: PageMetaSource,
  options: { ttlMs: number; maxEntries: number; now?: () => number; onError?: (err: unknown) => void },
): PageMetaSource {
  const now = options.now ?? Date.now;
  const kept = new Map<string, { at: number; meta: Promise<PageMeta | null> }>();
  return (match) => {
    const key = `${match.pattern} ${JSON.stringify(match.params)}`;
    const hit = kept.get(key);
    if (hit && now() - hit.at < options.ttlMs) return hit.meta;
    kept.delete(key);
    const meta = source(match).catch((err: unknown) => {
      kept.delete(key);
      options.onError?.(err);
      return null;
    });
    kept.set(key, { at: now(), meta });
    // A Map keeps insertion order: the first key is the oldest.
    if (kept.size > options.maxEntries) kept.delete(kept.keys().next().value!);
    return meta;
  };
}
