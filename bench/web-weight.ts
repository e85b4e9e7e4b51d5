/**
 * What a browser downloads to show /home (issue 11): the built web app served by the real server in its own
 * process, opened in Debian's Chromium with an empty cache, then opened again in the same profile.
 *
 *   npm run build && npx tsx bench/web-weight.ts
 *
 * Options: WEB_DIST (default apps/web/dist), BENCH_PATH (default /home), CHROMIUM_PATH.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { startServerProcess } from '../apps/server/src/testing/server-process.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.resolve(process.env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'));
const visitPath = process.env.BENCH_PATH ?? '/home';

interface Resource {
  url: string;
  type: string;
  status: number;
  encoding: string;
  /** Bytes on the wire, headers included (DevTools' "transferred"). */
  transferred: number;
  /** The body as sent (compressed if it was), without headers: content-length. */
  body: number;
  /** Bytes after decompression. */
  decoded: number;
  fromCache: boolean;
}

/** One visit, recorded through the DevTools protocol so compressed and cached bytes are told apart. */
async function visit(context: BrowserContext, url: string): Promise<Resource[]> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const byId = new Map<string, Resource>();
  const done: Resource[] = [];
  cdp.on('Network.responseReceived', (e) => {
    byId.set(e.requestId, {
      url: e.response.url,
      type: e.type,
      status: e.response.status,
      encoding: String(Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ?? ''),
      transferred: 0,
      body: Number(Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-length')?.[1] ?? 0),
      decoded: 0,
      fromCache: Boolean(e.response.fromDiskCache || e.response.fromPrefetchCache),
    });
  });
  // The status on the wire: a revalidated file shows 200 in responseReceived but 304 here.
  const wireStatus = new Map<string, number>();
  cdp.on('Network.responseReceivedExtraInfo', (e) => wireStatus.set(e.requestId, e.statusCode));
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = byId.get(e.requestId);
    if (r) r.fromCache = true;
  });
  cdp.on('Network.dataReceived', (e) => {
    const r = byId.get(e.requestId);
    if (r) r.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = byId.get(e.requestId);
    if (!r) return;
    r.transferred = e.encodedDataLength;
    const status = wireStatus.get(e.requestId);
    if (status !== undefined) r.status = status;
    // Served from cache, or revalidated (a 304 carries no body).
    if (r.fromCache || r.status === 304) r.body = 0;
    done.push(r);
  });
  await cdp.send('Network.enable');
  await page.goto(url, { waitUntil: 'networkidle' });
  // Lazy page chunks and the first queries start after React has rendered; let them settle.
  await page.waitForLoadState('networkidle');
  await page.close();
  return done;
}

const isScript = (r: Resource) => r.type === 'Script' || /\.m?js(\?|$)/.test(new URL(r.url).pathname);
const kb = (n: number) => (n / 1024).toFixed(1);

function summary(label: string, resources: Resource[]) {
  const js = resources.filter(isScript);
  // A revalidated file (304) still costs a round trip and its headers, so it counts as fetched.
  const fetched = js.filter((r) => !r.fromCache && r.transferred > 0);
  const sum = (list: Resource[], key: 'transferred' | 'body' | 'decoded') => list.reduce((n, r) => n + r[key], 0);
  return {
    label,
    jsRequests: js.length,
    jsFromNetwork: fetched.length,
    jsTransferredKb: kb(sum(js, 'transferred')),
    jsBodyKb: kb(sum(js, 'body')),
    // What HTTP/1.1 adds per file: the status line and response headers (transferred minus the body).
    jsHeadersKb: kb(fetched.reduce((n, r) => n + r.transferred - r.body, 0)),
    jsDecodedKb: kb(sum(js, 'decoded')),
    encodings: [...new Set(js.map((r) => r.encoding || 'identity'))].join(','),
    allTransferredKb: kb(sum(resources, 'transferred')),
    requests: resources.length,
  };
}

const server = await startServerProcess({ WEB_DIST: webDist, JOBS_ENABLED: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'test' });
try {
  await server.ready();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const context = await browser.newContext();
    const first = await visit(context, `${server.url}${visitPath}`);
    const second = await visit(context, `${server.url}${visitPath}`);
    await context.close();
    const rows = [summary('first visit (empty cache)', first), summary('second visit (same profile)', second)];
    console.log(
      `web weight of ${visitPath} — ${os.cpus().length} vCPU ${os.cpus()[0]?.model.trim()}, Node ${process.version}, ${new Date().toISOString()}`,
    );
    console.log(
      '| visit | JS requests | JS requests to the server | JS transferred KB (with headers) | JS bodies KB (as sent) | JS headers KB | JS decoded KB | JS encodings | all transferred KB | all requests |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const r of rows) {
      console.log(
        `| ${r.label} | ${r.jsRequests} | ${r.jsFromNetwork} | ${r.jsTransferredKb} | ${r.jsBodyKb} | ${r.jsHeadersKb} | ${r.jsDecodedKb} | ${r.encodings} | ${r.allTransferredKb} | ${r.requests} |`,
      );
    }
    if (process.env.BENCH_VERBOSE) {
      for (const r of first.filter(isScript).sort((a, b) => b.transferred - a.transferred)) {
        console.log(
          kb(r.transferred).padStart(8),
          kb(r.transferred - r.body).padStart(6),
          kb(r.decoded).padStart(8),
          r.encoding.padEnd(5),
          new URL(r.url).pathname,
        );
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}
