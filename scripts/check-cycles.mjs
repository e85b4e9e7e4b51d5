#!/usr/bin/env node
// Fails when the relative imports of apps/*/src and packages/*/src form a circle (issue 25 §3).
// Every import counts, `import type` included: a type-only circle cannot change evaluation order at run
// time, but it still ties two modules together (neither can be read, moved or tested without the other), and
// the five circles were three of that kind. Breaking one is cheap: the shared type moves to a leaf
// file. `--runtime` leaves out the imports the compiler erases (`import type`, `export type … from`,
// `import { type A, type B }`) to show which circles would also bite at run time. Side-effect imports,
// `export * from` and dynamic `import()` always count.
// Replaces eslint-plugin-import-x's no-cycle: its resolver brought 21 optional native packages, and this
// walk over the TypeScript syntax tree takes about a second.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (p) => path.relative(root, p).split(path.sep).join('/');
const withTypes = !process.argv.includes('--runtime');

function* sourceFiles(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) yield full;
  }
}

// `./x.js` is written for `./x.ts`/`./x.tsx` (NodeNext style); a folder means its index.
function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  const stem = base.replace(/\.(js|jsx|ts|tsx|mjs)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

function typeOnly(node) {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return false; // `import './x'` runs the module
    if (clause.isTypeOnly) return true;
    if (clause.name) return false;
    const bindings = clause.namedBindings;
    return !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
  }
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
  }
  return false;
}

function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const specs = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (withTypes || !typeOnly(node)) specs.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      ts.isStringLiteral(node.arguments[0] ?? {})
    ) {
      specs.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specs
    .filter((s) => s.startsWith('.'))
    .map((s) => resolve(file, s))
    .filter(Boolean);
}

const graph = new Map();
for (const dir of ['apps', 'packages']) {
  for (const project of fs.existsSync(path.join(root, dir)) ? fs.readdirSync(path.join(root, dir)) : []) {
    for (const file of sourceFiles(path.join(root, dir, project, 'src'))) graph.set(file, importsOf(file));
  }
}

// Tarjan's strongly connected components: each component of two or more files (or a file importing itself)
// is one circle to break; the shortest loop through its first file is printed as the example.
let index = 0;
const stack = [];
const meta = new Map();
const components = [];
function connect(v) {
  meta.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of graph.get(v) ?? []) {
    if (!graph.has(w)) continue;
    if (!meta.has(w)) {
      connect(w);
      meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
    } else if (meta.get(w).onStack) meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
  }
  if (meta.get(v).low === meta.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      meta.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) components.push(component);
  }
}
for (const v of graph.keys()) if (!meta.has(v)) connect(v);

function shortestLoop(start, members) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (w === start) {
        const loop = [start];
        for (let u = v; u !== start; u = previous.get(u)) loop.splice(1, 0, u);
        return [...loop, start];
      }
      if (members.has(w) && !previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

if (components.length) {
  console.error(`Import circles${withTypes ? '' : ' (run-time imports only)'}: ${components.length}`);
  for (const component of components) {
    const first = component.sort()[0];
    console.error(`- ${component.length} files: ${shortestLoop(first, new Set(component)).map(rel).join(' → ')}`);
  }
  process.exit(1);
}
console.log(`Import circles${withTypes ? '' : ' (run-time imports only)'}: 0 (${graph.size} files)`);
