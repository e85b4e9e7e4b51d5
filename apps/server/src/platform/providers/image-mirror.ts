import { imageContentType, type ImageStore } from './image-store.js';

/**
 * Copies images from the upstream image host into the store once (issue 27 §4): a few at a time, skipping
 * what the store already holds (a second run after an interruption only fetches the rest), retrying what
 * failed for a passing reason (a timeout, a 5xx, a reset connection). A 404 is the upstream's final word
 * and is counted apart, not retried.
 */
export interface MirrorOptions {
  store: ImageStore;
  /** https://cdn.cstrike.app: an image `abc.webp` is fetched from `<upstream>/images/abc.webp`. */
  upstream: string;
  /** Fetches (and stores) at once. */
  concurrency: number;
  /** Tries per image, the first included. */
  attempts: number;
  /** One fetch, body included. */
  timeoutMs: number;
  /** The wait before the n-th retry is n times this. */
  retryDelayMs: number;
  maxBytes?: number;
  fetcher?: typeof fetch;
  /** Called after each image with its outcome (the command prints progress with it). */
  onImage?: (name: string, outcome: MirrorOutcome, done: number, total: number) => void;
}

export type MirrorOutcome = 'stored' | 'skipped' | 'missing' | 'failed';

export interface MirrorReport {
  total: number;
  stored: number;
  skipped: number;
  missing: string[];
  failed: Array<{ name: string; reason: string }>;
}

class FinalError extends Error {}

const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

async function fetchImage(name: string, options: MirrorOptions): Promise<Buffer | 'missing'> {
  const fetcher = options.fetcher ?? fetch;
  const res = await fetcher(`${options.upstream}/images/${name}`, { signal: AbortSignal.timeout(options.timeoutMs) });
  if (res.status === 404 || res.status === 410) {
    await res.body?.cancel();
    return 'missing';
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`HTTP ${res.status}`);
  }
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith('image/')) {
    await res.body?.cancel();
    throw new FinalError(`not an image (${type || 'no content type'})`);
  }
  const bytes = Buffer.from(await res.arrayBuffer());
  const max = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (bytes.length === 0 || bytes.length > max) throw new FinalError(`size ${bytes.length} bytes`);
  return bytes;
}

async function mirrorOne(name: string, options: MirrorOptions): Promise<{ outcome: MirrorOutcome; reason?: string }> {
  if (!imageContentType(name)) return { outcome: 'failed', reason: 'not an image name' };
  let reason = '';
  for (let attempt = 1; attempt <= options.attempts; attempt += 1) {
    try {
      if (await options.store.has(name)) return { outcome: attempt === 1 ? 'skipped' : 'stored' };
      const bytes = await fetchImage(name, options);
      if (bytes === 'missing') return { outcome: 'missing' };
      await options.store.put(name, bytes);
      return { outcome: 'stored' };
    } catch (err) {
      reason = err instanceof Error ? `${err.name === 'TimeoutError' ? 'timed out: ' : ''}${err.message}` : String(err);
      if (err instanceof FinalError) break;
      if (attempt < options.attempts) await new Promise((r) => setTimeout(r, options.retryDelayMs * attempt));
    }
  }
  return { outcome: 'failed', reason };
}

export async function mirrorImages(names: readonly string[], options: MirrorOptions): Promise<MirrorReport> {
  const unique = [...new Set(names)];
  const report: MirrorReport = { total: unique.length, stored: 0, skipped: 0, missing: [], failed: [] };
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < unique.length) {
      const name = unique[next++]!;
      const { outcome, reason } = await mirrorOne(name, options);
      if (outcome === 'stored') report.stored += 1;
      else if (outcome === 'skipped') report.skipped += 1;
      else if (outcome === 'missing') report.missing.push(name);
      else report.failed.push({ name, reason: reason ?? 'unknown' });
      done += 1;
      options.onImage?.(name, outcome, done, unique.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, unique.length)) }, worker));
  return report;
}
