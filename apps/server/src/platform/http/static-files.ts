import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { NotFoundFallback } from './server.js';
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
  imageDir: string;
  imageUpstream: string;
}

/**
 * The built web app with SPA fallback, and images under /img (spec §7: a fixed image host). Catalogue
 * images not stored locally are redirected to the configured upstream; tests never depend on them.
 * Returns the handler for paths nothing else serves (the SPA fallback).
 */
export async function registerStaticFiles(app: FastifyInstance, options: StaticOptions): Promise<NotFoundFallback> {
  fs.mkdirSync(options.imageDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.imageDir,
    prefix: '/img/',
    decorateReply: false,
    maxAge: '1d',
  });
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

  return (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/img/images/') && /^\/img\/images\/[A-Za-z0-9._-]+$/.test(url)) {
      return reply.redirect(`${options.imageUpstream}${url.slice('/img'.length)}`, 302);
    }
    if (request.method === 'GET' && !url.startsWith('/img/') && !path.extname(url)) return sendIndex(reply);
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  };
}
