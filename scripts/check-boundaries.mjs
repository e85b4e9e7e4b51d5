#!/usr/bin/env node
// Enforces the layering of conventions.md / style-examples.md on every relative import:
// - server platform/ never imports features/;
// - a server feature reaches another feature only through its index.ts;
// - a web feature never imports another web feature (app/ composes them);
// - packages never import apps.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (p) => path.relative(root, p).split(path.sep).join('/');
const importRe = /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function* sourceFiles(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

function violation(from, to) {
  const f = rel(from);
  const t = rel(path.resolve(path.dirname(from), to)).replace(/\.js$/, '');
  if (f.startsWith('packages/') && t.startsWith('apps/')) return 'a package imports an app';
  if (f.startsWith('apps/server/src/platform/') && t.startsWith('apps/server/src/features/')) return 'platform imports a feature';
  const server = /^apps\/server\/src\/features\/([^/]+)\//;
  const [, fromFeature] = f.match(server) ?? [];
  const [, toFeature] = `${t}/`.match(server) ?? [];
  if (fromFeature && toFeature && fromFeature !== toFeature && !/\/index$/.test(t) && t !== `apps/server/src/features/${toFeature}`)
    return `server feature ${fromFeature} reaches into ${toFeature} past its index.ts`;
  const web = /^apps\/web\/src\/features\/([^/]+)\//;
  const [, fromWeb] = f.match(web) ?? [];
  const [, toWeb] = `${t}/`.match(web) ?? [];
  if (fromWeb && toWeb && fromWeb !== toWeb) return `web feature ${fromWeb} imports web feature ${toWeb}`;
  return null;
}

const problems = [];
for (const dir of ['packages', 'apps/server/src', 'apps/web/src']) {
  for (const file of sourceFiles(path.join(root, dir))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(importRe)) {
      const target = m[1] ?? m[2];
      const why = violation(file, target);
      if (why) problems.push(`${rel(file)}: ${target} — ${why}`);
    }
  }
}
if (problems.length) {
  console.error(`Import boundary violations (${problems.length}):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('Import boundaries: ok');
