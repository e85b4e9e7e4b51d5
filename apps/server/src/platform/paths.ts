import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Folders the server reads files from at run time, found from the server package's own folder rather than
 * from the calling module: the same code runs as TypeScript from `src/**` (tests, tsx) and bundled into
 * `dist/main.js` (production), where every module's `import.meta.url` is the bundle's.
 */
function findServerDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === '@skinfair/server')
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`@skinfair/server's package.json not found above ${from}`);
  }
}

/** apps/server */
export const serverDir = findServerDir(path.dirname(fileURLToPath(import.meta.url)));
/** The repository (the npm workspace root). */
export const repoRoot = path.resolve(serverDir, '../..');

export const serverPaths = {
  /** The committed SQL migrations (drizzle-kit's output). */
  migrations: path.join(serverDir, 'drizzle'),
  /** The shipped CS2 catalogue the seed reads. */
  catalogueData: path.join(serverDir, 'src/seed/cs2-data'),
  /** The web app `npm run build` makes (the default of WEB_DIST). */
  webDist: path.join(repoRoot, 'apps/web/dist'),
};
