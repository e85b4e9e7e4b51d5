// Table ownership (docs/conventions.md "Table ownership", decision 0056): the feature or platform module
// whose tables.ts declares a table owns it, and only the owner's files write it. Another module changes an
// owner's rows only by calling what the owner exports: a function from its index.ts, or a SQL fragment from
// one of its `*-sql.ts` files (CTE builders a hot path composes into its own one statement, like
// platform/ledger/spend-sql.ts). So the table's name appears in write SQL only inside the owner's folder.
// Writes are found in SQL text (INSERT INTO t, UPDATE t … SET, DELETE FROM t, TRUNCATE t, inside sql``
// templates and string constants; `ON CONFLICT … DO UPDATE` belongs to its INSERT) and in Drizzle calls
// (`.insert(x)`, `.update(x)`, `.delete(x)` with x a table object imported from a tables.ts or an index
// that re-exports it). Comments are ignored. Reads are free: the rule is about who changes a row.
import fs from 'node:fs';
import path from 'node:path';

const SERVER = 'apps/server/src';

// Files that may write any table, and why. Everything else follows the rule.
const EXEMPT = [
  [/\.test\.ts$/, 'tests arrange and inspect state directly'],
  [/^apps\/server\/src\/testing\//, 'test helpers and factories arrange state directly'],
  [/^apps\/server\/src\/seed\//, 'the demo seed fills an empty database once, before any feature runs'],
];
// A file that imports vitest is test code wherever it sits (a fixture beside its feature's tests).
const TEST_CODE = /^import\s[^;]*from\s+'vitest';/m;

// Cross-owner writes the console move (issue 25 §1) is about to remove: features/admin/** and
// features/*/console/** still hold use cases on other features' data. Each entry is file → tables; an entry
// that no longer matches a write fails the check, so the list only shrinks.
export const CONSOLE_ALLOWLIST = {};

/** The module that owns a source file: features/<name> or platform/<name>; null for the wiring files. */
export function ownerOf(relFile) {
  const m = relFile.match(/^apps\/server\/src\/(features|platform)\/([^/.]+)(?:\/|\.ts$)/);
  return m ? `${m[1]}/${m[2]}` : null;
}

/** Blank out comments, keep strings and line numbers (a tiny TypeScript lexer: strings, templates, regexes). */
export function stripComments(text) {
  let out = '';
  let i = 0;
  const braces = []; // for each open `${`, the brace depth at which it closes back into the template
  let depth = 0;
  let prev = ''; // last significant code character, to tell a regex literal from a division
  const blank = (s) => s.replace(/[^\n]/g, ' ');
  const readString = (q) => {
    let j = i + 1;
    while (j < text.length && text[j] !== q && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
    out += text.slice(i, j + 1);
    i = j + 1;
  };
  const readTemplate = () => {
    // from i (just after ` or }) to the closing ` or an opening ${
    let j = i;
    while (j < text.length && text[j] !== '`' && !(text[j] === '$' && text[j + 1] === '{')) j += text[j] === '\\' ? 2 : 1;
    if (text[j] === '`') {
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      out += text.slice(i, j + 2);
      i = j + 2;
      braces.push(depth);
      depth++;
    }
  };
  while (i < text.length) {
    const c = text[i];
    const n = text[i + 1];
    if (c === '/' && n === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      out += blank(text.slice(i, stop));
      i = stop;
    } else if (c === '/' && n === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += blank(text.slice(i, stop));
      i = stop;
    } else if (c === "'" || c === '"') {
      readString(c);
      prev = 'a';
    } else if (c === '`') {
      out += c;
      i++;
      readTemplate();
      prev = 'a';
    } else if (c === '/' && (prev === '' || '(,=:[!&|?{};+-*%<>~^'.includes(prev))) {
      let j = i + 1;
      let cls = false;
      while (j < text.length && text[j] !== '\n' && (cls || text[j] !== '/')) {
        if (text[j] === '\\') j++;
        else if (text[j] === '[') cls = true;
        else if (text[j] === ']') cls = false;
        j++;
      }
      out += text.slice(i, j + 1);
      i = j + 1;
      prev = 'a';
    } else {
      if (c === '{') depth++;
      else if (c === '}') {
        depth--;
        if (braces.length && braces[braces.length - 1] === depth) {
          braces.pop();
          out += c;
          i++;
          readTemplate();
          prev = 'a';
          continue;
        }
      }
      out += c;
      i++;
      if (!/\s/.test(c)) prev = /[A-Za-z0-9_$)\]]/.test(c) ? 'a' : c;
    }
  }
  return out;
}

/** Every pgTable declared under apps/server/src: variable → { table, owner, file }. */
export function declaredTables(root, files) {
  const byVar = new Map(); // `${file}#${var}` → table
  const owners = new Map(); // table → { owner, file }
  const problems = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(/export\s+const\s+(\w+)\s*=\s*pgTable\(\s*['"]([a-z0-9_]+)['"]/g)) {
      const owner = ownerOf(file);
      if (!owner) problems.push(`${file}: declares table ${m[2]} outside a feature or platform module`);
      const seen = owners.get(m[2]);
      if (seen) problems.push(`${file}: table ${m[2]} is already declared by ${seen.file} (one owner per table)`);
      else owners.set(m[2], { owner, file });
      byVar.set(`${file}#${m[1]}`, m[2]);
    }
  }
  return { byVar, owners, problems };
}

function resolveModule(root, fromFile, spec) {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), spec)).replace(/\.js$/, '');
  for (const cand of [`${base}.ts`, `${base}/index.ts`]) if (fs.existsSync(path.join(root, cand))) return cand;
  return null;
}

const namedRe = /(import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/g;
const starRe = /export\s+\*\s+from\s*['"](\.[^'"]+)['"]/g;

/** The table a module's export `name` stands for (following `export { a as b } from` and `export *`). */
function exportedTable(root, file, name, byVar, seen = new Set()) {
  if (!file || seen.has(`${file}#${name}`)) return null;
  seen.add(`${file}#${name}`);
  if (byVar.has(`${file}#${name}`)) return byVar.get(`${file}#${name}`);
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  for (const m of text.matchAll(namedRe)) {
    if (m[1] !== 'export') continue;
    for (const spec of m[2].split(',')) {
      const [orig, alias] = spec.trim().split(/\s+as\s+/);
      if ((alias ?? orig) === name) return exportedTable(root, resolveModule(root, file, m[3]), orig, byVar, seen);
    }
  }
  for (const m of text.matchAll(starRe)) {
    const t = exportedTable(root, resolveModule(root, file, m[1]), name, byVar, seen);
    if (t) return t;
  }
  return null;
}

/** Local names in `file` that stand for a table object, with the table name. */
function tableBindings(root, file, text, byVar) {
  const local = new Map();
  for (const [key, table] of byVar) if (key.startsWith(`${file}#`)) local.set(key.slice(file.length + 1), table);
  for (const m of text.matchAll(namedRe)) {
    if (m[1] !== 'import') continue;
    const target = resolveModule(root, file, m[3]);
    for (const spec of m[2].split(',')) {
      const [orig, alias] = spec
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/);
      if (!orig) continue;
      const table = exportedTable(root, target, orig, byVar);
      if (table) local.set(alias ?? orig, table);
    }
  }
  return local;
}

const lineOf = (text, index) => text.slice(0, index).split('\n').length;

/** Every write in a file: { table, line, how }. */
export function writesIn(root, file, byVar) {
  const raw = fs.readFileSync(path.join(root, file), 'utf8');
  const text = stripComments(raw);
  const writes = [];
  const sqlRes = [
    [/\bINSERT\s+INTO\s+([a-z_][a-z0-9_]*)/gi, 'INSERT INTO'],
    [/\bDELETE\s+FROM\s+([a-z_][a-z0-9_]*)/gi, 'DELETE FROM'],
    [/\bTRUNCATE\s+(?:TABLE\s+)?([a-z_][a-z0-9_]*)/gi, 'TRUNCATE'],
    [/\bUPDATE\s+([a-z_][a-z0-9_]*)(?:\s+(?:AS\s+)?[a-z_][a-z0-9_]*)?\s+SET\b/gi, 'UPDATE'],
  ];
  // A table name built at run time hides the write from this check: name the table in the text.
  for (const m of text.matchAll(/\b(?:INSERT\s+INTO|DELETE\s+FROM|UPDATE|TRUNCATE)\s+\$\{/gi))
    writes.push({ table: null, line: lineOf(text, m.index), how: m[0].replace(/\s+\$\{$/, '').toUpperCase() });
  for (const [re, how] of sqlRes) {
    for (const m of text.matchAll(re)) if (m[1].toLowerCase() !== 'set') writes.push({ table: m[1], line: lineOf(text, m.index), how });
  }
  const bindings = tableBindings(root, file, text, byVar);
  for (const m of text.matchAll(/\.(insert|update|delete)\(\s*([A-Za-z_$][\w$]*)\s*\)/g)) {
    const table = bindings.get(m[2]);
    if (table) writes.push({ table, line: lineOf(text, m.index), how: `.${m[1]}(${m[2]})` });
  }
  return writes;
}

/** Check every non-exempt server file; returns { problems, map } (map: table → owner). */
export function checkTableOwnership(root, serverFiles) {
  const files = serverFiles.filter((f) => f.startsWith(`${SERVER}/`) && f.endsWith('.ts'));
  const { byVar, owners, problems } = declaredTables(root, files);
  // drizzle-kit sees only what schema.ts lists: a declaring file missing there would have no migration.
  const schema = fs.readFileSync(path.join(root, SERVER, 'schema.ts'), 'utf8');
  for (const { file } of owners.values()) {
    const spec = `./${file.slice(SERVER.length + 1).replace(/\.ts$/, '.js')}`;
    if (!schema.includes(`'${spec}'`)) problems.push(`${file}: declares tables but ${SERVER}/schema.ts does not export it`);
  }
  const allowUsed = new Set();
  for (const file of files) {
    if (EXEMPT.some(([re]) => re.test(file))) continue;
    if (TEST_CODE.test(fs.readFileSync(path.join(root, file), 'utf8'))) continue;
    const writes = writesIn(root, file, byVar);
    const writer = ownerOf(file);
    for (const w of writes) {
      if (w.table === null) {
        problems.push(`${file}:${w.line}: ${w.how} \${…} — a table named at run time; write its name in the SQL text`);
        continue;
      }
      const declared = owners.get(w.table);
      if (!declared) {
        problems.push(`${file}:${w.line}: ${w.how} ${w.table} — no tables.ts declares this table`);
        continue;
      }
      if (declared.owner === writer) continue;
      if ((CONSOLE_ALLOWLIST[file] ?? []).includes(w.table)) {
        allowUsed.add(`${file}#${w.table}`);
        continue;
      }
      problems.push(
        `${file}:${w.line}: ${w.how} ${w.table} — ${writer ?? 'a wiring file'} writes a table owned by ${declared.owner} ` +
          `(${declared.file}); call a function or SQL fragment ${declared.owner} exports`,
      );
    }
  }
  for (const [file, tables] of Object.entries(CONSOLE_ALLOWLIST))
    for (const t of tables)
      if (!allowUsed.has(`${file}#${t}`)) problems.push(`${file}: allowlist entry ${t} matches no write any more — remove it`);
  return { problems, owners };
}
