import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchWebRoute, type WebRouteMatch } from '@skinfair/contract';
import type { NotFoundFallback } from './server.js';
import { registerImageRoute, type ImageRouteOptions } from './image-route.js';
import { cachedPageMeta, withPageMeta, type PageMetaSource } from './page-meta.js';
import { ROBOTS_TXT } from './robots.js';
import fastifyStatic from '@fastify/static';

/** Scripts and style sheets, plain or precompressed: only ever run as subresources of the page. */
const SUBRESOURCE = /\.(js|css)(\.br|\.gz)?$/;

/**
 * Security headers (server.ts securityHeaders) that only a document or a worker obeys. A script or style
 * sheet loaded by the page ignores them, and opened on its own it is shown as plain text (nosniff forbids
 * reading it as anything but its script or CSS type), so on hashed js/css they are about 600 bytes of
 * every response for nothing (issue 11, docs/decisions/0021).
 * Kept there: X-Content-Type-Options (enforced on scripts and styles), Cross-Origin-Resource-Policy
 * (enforced on subresources) and HSTS (honoured from any https response). The Referrer-Policy a module
 * script or style sheet could carry equals the page's own, which its fetches inherit without it.
 * A worker script would need the CSP: serve workers under another path, or drop them from this rule.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

export interface StaticOptions {
  webDist: string;
  /** Uploaded avatars and banners (/img/avatars, /img/banners, …). */
  imageDir: string;
  /** The catalogue's images (/img/images/*): the image store and its fallback. */
  catalogueImages: ImageRouteOptions;
  /** The site's address, for the absolute URLs of OpenGraph tags (config PUBLIC_URL). */
  publicUrl: string;
  /** Title and OpenGraph tags of shareable pages (a battle, a giveaway room, a verify link). */
  pageMeta?: PageMetaSource;
}

/** Link previews may lag a room's changes by this much; a crawler burst on one link reads it once. */
const PAGE_META_TTL_MS = 30_000;

/**
 * The built web app with SPA fallback, and images under /img (spec §7: a fixed image host): uploads from
 * the image directory, the catalogue's images from the image store (image-route.ts).
 * Returns the handler for paths nothing else serves (the SPA fallback): the app's HTML for every page
 * path, 200 for the app's routes (packages/contract web-routes.ts) and 404 for any other (issue 27 §9).
 */
export async function registerStaticFiles(app: FastifyInstance, options: StaticOptions): Promise<NotFoundFallback> {
  fs.mkdirSync(options.imageDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.imageDir,
    prefix: '/img/',
    decorateReply: false,
    maxAge: '1d',
  });
  registerImageRoute(app, options.catalogueImages);
  const indexFile = path.join(options.webDist, 'index.html');
  const assetsDir = path.join(options.webDist, 'assets') + path.sep;
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      prefix: '/',
      index: false,
      // The build leaves .br/.gz beside each asset (apps/web/vite.config.ts); the plugin picks the one
      // Accept-Encoding allows and falls back to the plain file.
      preCompressed: true,
      // The plugin's own Cache-Control (max-age=0) is written after setHeaders and would replace ours.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Vite names assets by content hash, so they never change; index.html must always be revalidated.
        const hashed = filePath.startsWith(assetsDir);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
        if (hashed && SUBRESOURCE.test(filePath)) {
          // The plugin passes reply.raw, a ServerResponse; its declared type names only get/setHeader.
          const raw = res as unknown as ServerResponse;
          for (const name of DOCUMENT_ONLY_HEADERS) raw.removeHeader(name);
        }
      },
    });
  }
  const sendIndex = (reply: FastifyReply) =>
    hasWeb
      ? reply.sendFile('index.html')
      : reply.type('text/plain; charset=utf-8').status(503).send('Web app not built yet: run `npm run build` (npm start does it for you).');
  // "/" is a directory to the static plugin; the SPA itself redirects it to /home (spec §2).
  app.get('/', (_request, reply) => sendIndex(reply));
  // Served here rather than from the build, so it holds with or without one.
  app.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(ROBOTS_TXT),
  );
  const sendPage = pageSender(app, indexFile, options);

  return (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (request.method === 'GET' && !url.startsWith('/img/') && !path.extname(url)) {
      const match = matchWebRoute(url);
      // The app's HTML either way, so a person still sees the not-found page; the status tells crawlers.
      if (!match) return sendIndex(reply.status(404));
      return hasWeb ? sendPage(request, reply, match, url) : sendIndex(reply);
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  };
}

/** A page of the app: index.html as built, or with its title and OpenGraph tags when the page has some. */
function pageSender(app: FastifyInstance, indexFile: string, options: StaticOptions) {
  const meta = options.pageMeta
    ? cachedPageMeta(options.pageMeta, {
        ttlMs: PAGE_META_TTL_MS,
        maxEntries: 1_000,
        onError: (err) => app.log.warn({ err: String(err) }, 'page meta unavailable'),
      })
    : null;
  let template: string | null = null;
  return async (_request: FastifyRequest, reply: FastifyReply, match: WebRouteMatch, url: string) => {
    const found = meta ? await meta(match) : null;
    if (!found) return reply.sendFile('index.html');
    template ??= fs.readFileSync(indexFile, 'utf8');
    const html = withPageMeta(template, found, `${options.publicUrl}${url}`, options.publicUrl);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  };
}
