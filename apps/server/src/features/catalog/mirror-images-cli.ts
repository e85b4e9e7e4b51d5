/**
 * Copies the catalogue's images (items, boxes, banners) from IMAGE_UPSTREAM into the image store once
 * (issue 27 §4, docs/DEPLOY.md "Item images"), so /img/images/* is served from our own store:
 *
 *   npx tsx apps/server/src/features/catalog/mirror-images-cli.ts [--concurrency 4] [--attempts 3] [--timeout-ms 15000]
 *
 * Run it with the server's environment (DATA_DIR or DATABASE_URL, IMAGE_STORE, IMAGE_S3_*). It skips what
 * the store already holds, so a run that was interrupted, or one after new items were added, fetches only
 * the rest. Exit status 1 when an image failed (run it again); an image the upstream does not have (404)
 * is listed but is not a failure. With PGlite, stop the server first: its data directory admits one process.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { loadConfig, type Config } from '../../config.js';
import { openDatabase, type Db } from '../../platform/db/client.js';
import { catalogueImageName } from '../../platform/providers/image-store.js';
import { createImageStoreFor } from '../../platform/providers/image-store-config.js';
import { mirrorImages, type MirrorReport } from '../../platform/providers/image-mirror.js';
import { bannerImagePaths } from '../content/index.js';
import { catalogueImagePaths } from './image-paths.js';

export interface MirrorArgs {
  concurrency: number;
  attempts: number;
  timeoutMs: number;
}

const USAGE = 'usage: mirror-images-cli.ts [--concurrency 1-32] [--attempts 1-10] [--timeout-ms 1000-120000]';

function whole(value: string | undefined, fallback: number, min: number, max: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) throw new Error(`--${name} must be a whole number from ${min} to ${max}\n${USAGE}`);
  return n;
}

export function parseMirrorArgs(argv: string[]): MirrorArgs {
  const { values } = parseArgs({
    args: argv,
    options: { concurrency: { type: 'string' }, attempts: { type: 'string' }, 'timeout-ms': { type: 'string' } },
    strict: true,
  });
  return {
    concurrency: whole(values.concurrency, 4, 1, 32, 'concurrency'),
    attempts: whole(values.attempts, 3, 1, 10, 'attempts'),
    timeoutMs: whole(values['timeout-ms'], 15_000, 1_000, 120_000, 'timeout-ms'),
  };
}

/** The names of every image the site shows from the upstream: the catalogue's and the banners'. */
export async function imagesToMirror(db: Db): Promise<string[]> {
  const paths = [...(await catalogueImagePaths(db)), ...(await bannerImagePaths(db))];
  return [...new Set(paths.map(catalogueImageName).filter((n): n is string => n !== null))].sort();
}

export async function runMirror(
  config: Config,
  names: string[],
  args: MirrorArgs & { retryDelayMs?: number },
  print: (line: string) => void = console.log,
): Promise<MirrorReport> {
  const where = config.images.store.kind === 'local' ? config.images.store.dir : `bucket ${config.images.store.bucket}`;
  print(`Mirroring ${names.length} images from ${config.imageUpstream} into ${where} (${args.concurrency} at a time)`);
  const report = await mirrorImages(names, {
    store: createImageStoreFor(config.images.store),
    upstream: config.imageUpstream,
    concurrency: args.concurrency,
    attempts: args.attempts,
    timeoutMs: args.timeoutMs,
    retryDelayMs: args.retryDelayMs ?? 1_000,
    onImage: (name, outcome, done, total) => {
      if (outcome === 'failed' || done % 200 === 0 || done === total)
        print(`  ${done}/${total}${outcome === 'failed' ? ` failed: ${name}` : ''}`);
    },
  });
  for (const name of report.missing) print(`  not on the upstream (404): ${name}`);
  for (const { name, reason } of report.failed) print(`  failed: ${name}: ${reason}`);
  print(
    `Done: ${report.stored} stored, ${report.skipped} already there, ${report.missing.length} not on the upstream, ` +
      `${report.failed.length} failed (of ${report.total})`,
  );
  return report;
}

async function main(): Promise<void> {
  const args = parseMirrorArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl, poolSize: 2 } : { pgliteDir: config.pgliteDir },
  );
  let names: string[];
  try {
    await database.migrate();
    names = await imagesToMirror(database.db);
  } finally {
    await database.close();
  }
  const report = await runMirror(config, names, args);
  if (report.failed.length > 0) process.exitCode = 1;
}

// Runs only as a script, so tests can import the parts.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
