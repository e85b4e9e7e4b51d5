import fs from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { imageContentType, type ImageStore } from '../providers/image-store.js';

export interface ImageRouteOptions {
  store: ImageStore;
  /** Where images the store lacks are redirected (the upstream image host); null answers 404 instead. */
  fallbackUpstream: string | null;
}

/** Catalogue images are named by the hash of their content: a stored one never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A redirect may change (the bucket moves, or the image gets mirrored): kept a day, an hour as a fallback. */
const STORE_REDIRECT = 'public, max-age=86400';
const FALLBACK_REDIRECT = 'public, max-age=3600';
/** How long "not in the bucket" is believed before the next HEAD (a mirror run fills it meanwhile). */
const MISSING_FOR_MS = 60_000;
const MEMO_LIMIT = 100_000;

/**
 * `/img/images/<name>`, the catalogue's images (issue 27 §4): from the image store when mirrored there —
 * a local file streamed with a year's caching, or a redirect to the bucket's public address — else a
 * redirect to the upstream image host, or 404 when that fallback is off (then a browser never talks to
 * a foreign host). Uploaded avatars and banners stay in the other /img folders (static-files.ts).
 */
export function registerImageRoute(app: FastifyInstance, options: ImageRouteOptions): void {
  const { store } = options;
  const inBucket = store.kind === 's3' ? bucketMemo(store.has) : null;

  const notStored = (name: string, reply: FastifyReply) => {
    if (options.fallbackUpstream === null)
      return reply.status(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send('Not found');
    return reply.header('cache-control', FALLBACK_REDIRECT).redirect(`${options.fallbackUpstream}/images/${name}`, 302);
  };

  app.get<{ Params: { name: string } }>('/img/images/:name', async (request, reply) => {
    const { name } = request.params;
    const type = imageContentType(name);
    if (!type) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    if (store.kind === 's3') {
      if (!(await inBucket!(name, request.log))) return notStored(name, reply);
      return reply.header('cache-control', STORE_REDIRECT).redirect(store.publicUrl(name), 302);
    }
    const file = store.filePath(name);
    let size: number;
    try {
      const stat = await fs.promises.stat(file);
      if (!stat.isFile()) return notStored(name, reply);
      size = stat.size;
    } catch {
      return notStored(name, reply);
    }
    reply.header('cache-control', IMMUTABLE).header('content-length', size).type(type);
    // On HEAD Node's response drops the body and keeps the length.
    return reply.send(fs.createReadStream(file));
  });
}

type Log = { warn: (o: object, m: string) => void };

/**
 * Whether an image is in the bucket, remembered per node: "stored" for good (it never changes), "missing"
 * for a minute. A HEAD that fails counts as missing for that minute, logged, so a bucket outage falls back
 * instead of breaking every image.
 */
function bucketMemo(has: (name: string) => Promise<boolean>) {
  const stored = new Set<string>();
  const missingUntil = new Map<string, number>();
  return async (name: string, log: Log): Promise<boolean> => {
    if (stored.has(name)) return true;
    const until = missingUntil.get(name);
    if (until !== undefined && until > Date.now()) return false;
    let found = false;
    try {
      found = await has(name);
    } catch (err) {
      log.warn({ err, image: name }, 'image store HEAD failed; falling back');
    }
    if (missingUntil.size + stored.size > MEMO_LIMIT) missingUntil.clear();
    if (found) {
      missingUntil.delete(name);
      if (stored.size < MEMO_LIMIT) stored.add(name);
    } else missingUntil.set(name, Date.now() + MISSING_FOR_MS);
    return found;
  };
}
