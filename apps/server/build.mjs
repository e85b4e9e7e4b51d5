#!/usr/bin/env node
// The server's production build (docs/decisions/0022): src/main.ts and everything it imports from this
// repository — the server's own TypeScript and the workspace packages @skinfair/* — bundled as ESM into
// dist/main.js plus the chunks it imports lazily (dist/chunks/: a cluster primary runs main.js but loads
// none of the app), with source maps for `node --enable-source-maps`. Packages from node_modules stay
// imports resolved at run time: native ones (argon2, sharp), PGlite (it loads its wasm files next to
// itself), and the rest so that there is one copy of each. Files read by path at run time (migrations,
// the catalogue, the web app) are found from the package folder (src/platform/paths.ts), not from here.
//
//   node apps/server/build.mjs              # always build
//   node apps/server/build.mjs --if-stale   # only when dist/main.js is missing or older than its sources
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(serverDir, '../..');
const distDir = path.join(serverDir, 'dist');
export const serverBundle = path.join(distDir, 'main.js');
/** The files of the last two builds: a server booting from the previous main.js still finds its chunks. */
const manifestFile = path.join(distDir, 'build-manifest.json');
const sources = [
  'apps/server/src',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'apps/server/build.mjs',
  'packages/contract/src',
  'packages/contract/package.json',
  'packages/fairness/src',
  'packages/fairness/package.json',
  'tsconfig.base.json',
];

/** The newest modification time under `target` (0 when missing): what decides whether a build is stale. */
export function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function readManifest() {
  try {
    return JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  } catch {
    return { current: [], previous: [] };
  }
}

/** Missing, incomplete, or older than any of its sources (the same rule `npm start` applies to the web build). */
export function serverBuildIsStale() {
  const builtAt = fs.existsSync(serverBundle) ? fs.statSync(serverBundle).mtimeMs : 0;
  if (builtAt === 0 || readManifest().current.some((f) => !fs.existsSync(path.join(distDir, f)))) return true;
  return Math.max(...sources.map((s) => newestMtime(path.join(repoRoot, s)))) > builtAt;
}

/** Everything not written in this repository is imported at run time, from node_modules. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@skinfair/') ? undefined : { path: args.path, external: true }));
  },
};

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Where Node would find `name` from `fromDir`: the first node_modules/<name> on the way up. */
function installedAt(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'node_modules', name, 'package.json'))) return true;
    if (path.dirname(dir) === dir) return false;
  }
}

export async function buildServer() {
  // Loaded only to build: a tree installed without dev dependencies can still run a fresh bundle.
  const esbuild = await import('esbuild');
  const started = Date.now();
  const result = await esbuild.build({
    absWorkingDir: repoRoot,
    entryPoints: [path.join(serverDir, 'src/main.ts')],
    outdir: distDir,
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: path.join(serverDir, 'tsconfig.json'),
    sourcemap: 'linked',
    // The map points at the files in src/; they ship with the package, so the map need not carry them.
    sourcesContent: false,
    // Class and function names show in logs and errors; bundling must not rename them (AppError2).
    keepNames: true,
    plugins: [externalPackages],
    metafile: true,
    write: false,
    logLevel: 'warning',
  });

  const inputs = Object.keys(result.metafile.inputs);
  // A test helper or a CLI (which runs its main() when it is the entry file, as the bundle would be) must
  // never become part of the server.
  const stray = inputs.filter((f) => /\.test\.ts$|\/testing\/|-cli\.ts$/.test(f));
  if (stray.length > 0) throw new Error(`the server bundle must not contain ${stray.join(', ')}`);
  const builtins = new Set(builtinModules);
  const externals = new Set(
    Object.values(result.metafile.outputs)
      .flatMap((o) => o.imports)
      .filter((i) => i.external && !i.path.startsWith('node:') && !builtins.has(i.path))
      .map((i) => packageName(i.path)),
  );
  const missing = [...externals].filter((name) => !installedAt(name, path.dirname(serverBundle)));
  if (missing.length > 0) throw new Error(`imported by the server bundle but not installed where it can find them: ${missing.join(', ')}`);

  // Each file is written next to its old self and renamed over it, chunks (named by their content) and maps
  // first, main.js last: a server starting meanwhile (or a second build at the same moment) runs either
  // the old build or the new one, never half of one.
  const order = (f) => (f.path === serverBundle ? 2 : f.path.endsWith('.map') ? 0 : 1);
  const files = [...result.outputFiles].sort((a, b) => order(a) - order(b));
  for (const file of files) {
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
  const current = files.map((f) => path.relative(distDir, f.path)).sort();
  const previous = readManifest().current;
  const temporary = `${manifestFile}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify({ current, previous }, null, 2));
  fs.renameSync(temporary, manifestFile);
  const keep = new Set([...current, ...previous]);
  const chunksDir = path.join(distDir, 'chunks');
  for (const name of fs.readdirSync(chunksDir)) {
    const file = path.join('chunks', name);
    if (!keep.has(file) && !name.endsWith('.tmp')) fs.rmSync(path.join(distDir, file), { force: true });
  }
  const bytes = result.outputFiles.filter((f) => f.path.endsWith('.js')).reduce((sum, f) => sum + f.contents.length, 0);
  return { file: serverBundle, inputs: inputs.length, externals: externals.size, bytes, ms: Date.now() - started };
}

/** Builds when stale; says so on `log`. Returns the bundle's path. */
export async function ensureServerBuild(log = (line) => console.log(line)) {
  if (!serverBuildIsStale()) return serverBundle;
  log(fs.existsSync(serverBundle) ? 'Server sources changed; rebuilding the server…' : 'Building the server…');
  await buildServer();
  return serverBundle;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    if (process.argv.includes('--if-stale')) await ensureServerBuild();
    else {
      const built = await buildServer();
      console.log(
        `Built ${path.relative(repoRoot, built.file)}: ${(built.bytes / 1024).toFixed(0)} KiB from ${built.inputs} files, ` +
          `${built.externals} packages left to node_modules, in ${built.ms} ms`,
      );
    }
  } catch (err) {
    console.error(`Server build failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
