#!/usr/bin/env node
// `npm start`: build the web app and the server when either is missing or older than its sources, then run
// the compiled server (which migrates and seeds the database itself, and with WORKERS > 1 forks its
// workers). Everything else comes from the environment.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild, newestMtime } from '../apps/server/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', 'packages/contract/src'];

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (builtAt === 0 || sourcesAt > builtAt) {
  console.log(builtAt === 0 ? 'Building the web app…' : 'Web sources changed; rebuilding the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@skinfair/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

let serverBundle;
try {
  serverBundle = await ensureServerBuild();
} catch (err) {
  console.error(`Server build failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

const server = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
