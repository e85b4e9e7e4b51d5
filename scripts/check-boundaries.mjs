#!/usr/bin/env node
// Enforces the layering of docs/conventions.md on every relative import:
// - server platform/ never imports features/;
// - a server feature reaches another feature only through its index.ts, or an owner's exported SQL
//   fragments (`*-sql.ts`), which themselves import no other feature's code but its `*-sql.ts`;
// - a web feature never imports another web feature (app/ composes them);
// - packages never import apps.
// and table ownership on the server's SQL text and Drizzle writes (table-ownership.mjs, decision 0056).
// `--owners` prints the table → owner map it derives from the tables.ts declarations.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkTableOwnership } from './table-ownership.mjs';

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
  const sqlFragment = /-sql$/.test(t);
  if (fromFeature && toFeature && fromFeature !== toFeature && /-sql\.ts$/.test(f) && !sqlFragment)
    return `SQL fragment file of ${fromFeature} imports ${toFeature} code other than its *-sql.ts fragments`;
  if (
    fromFeature &&
    toFeature &&
    fromFeature !== toFeature &&
    !sqlFragment &&
    !/\/index$/.test(t) &&
    t !== `apps/server/src/features/${toFeature}`
  )
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
const serverFiles = [...sourceFiles(path.join(root, 'apps/server/src'))].map(rel);
const tables = checkTableOwnership(root, serverFiles);
if (process.argv.includes('--owners')) {
  for (const [table, { owner }] of [...tables.owners].sort(([a], [b]) => a.localeCompare(b))) console.log(`${table}\t${owner}`);
}
if (problems.length) console.error(`Import boundary violations (${problems.length}):\n${problems.join('\n')}`);
if (tables.problems.length) console.error(`Table ownership violations (${tables.problems.length}):\n${tables.problems.join('\n')}`);
if (problems.length || tables.problems.length) process.exit(1);
console.log(`Import boundaries: ok. Table ownership: ok (${tables.owners.size} tables, each written only by its owner).`);
