import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPermissions, auditActions } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { BOOTSTRAP_URL } from './bootstrap.js';

/**
 * Issue 24 §12: docs/OPERATIONS.md had drifted from the code (routes missing from its table, action names
 * the filter could not find). Like api-docs.test.ts for docs/API.md, this keeps the console's reference
 * true: its "Admin API" table lists every console route once with the permission the server checks, and
 * its "Audit log" table names every action `audited()` may write (the contract's `auditActions`).
 */

const docsFile = fileURLToPath(new URL('../../../../../docs/OPERATIONS.md', import.meta.url));

/** The rows of the Markdown tables under one `## ` heading, as cells (header and rule rows dropped). */
function tableRows(markdown: string, heading: string): string[][] {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no section "${heading}" in OPERATIONS.md`);
  const end = markdown.indexOf('\n## ', start + 1);
  const lines = markdown.slice(start, end < 0 ? undefined : end).split('\n');
  const rows = lines
    .filter((l) => l.startsWith('|'))
    // Cells split on | not escaped as \|.
    .map((l) =>
      l
        .slice(1, l.trimEnd().endsWith('|') ? l.trimEnd().length - 1 : undefined)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    );
  return rows.filter((cells, i) => !/^:?-+:?$/.test(cells[0] ?? '') && !/^:?-+:?$/.test(rows[i + 1]?.[0] ?? ''));
}

const codeSpans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

/** Console calls registered outside the operator gate: login (before any session) and the first-admin command's. */
const OUTSIDE_ADMIN_ROUTE = ['POST /api/admin/login', `POST ${BOOTSTRAP_URL}`];

let t: TestApp;
let markdown: string;
beforeAll(async () => {
  t = await buildTestApp();
  markdown = fs.readFileSync(docsFile, 'utf8');
});
afterAll(async () => t?.close());

describe('docs/OPERATIONS.md', () => {
  it('lists every console route once, each with the permission the server checks', () => {
    const documented = tableRows(markdown, 'Admin API').map(([call = '', permission = '']) => {
      const spans = codeSpans(call);
      return { call: spans.length === 1 ? spans[0]! : call, permission };
    });
    const calls = documented.map((d) => d.call);
    const registered = [...t.app.consoleRoutes.keys()];
    const problems = [
      // One call per row, written `METHOD /api/admin/…`, so that a reader and this test find it.
      ...calls.filter((c) => !/^(GET|POST) \/api\/admin\/\S+$/.test(c)).map((c) => `not one call: ${c}`),
      ...calls.filter((c, i) => calls.indexOf(c) !== i).map((c) => `listed twice: ${c}`),
      ...registered.filter((r) => !calls.includes(r)).map((r) => `missing (add a row: call, permission, parameters → data): ${r}`),
      ...calls.filter((c) => !registered.includes(c) && !OUTSIDE_ADMIN_ROUTE.includes(c)).map((c) => `no such route: ${c}`),
      ...documented.flatMap(({ call, permission }) => {
        const route = t.app.consoleRoutes.get(call);
        if (!route) return [];
        const named = (adminPermissions as readonly string[]).includes(permission);
        const right = route.permission === null ? !named : permission === route.permission;
        return right ? [] : [`${call}: documented "${permission}", checked "${route.permission ?? 'none'}"`];
      }),
    ];
    expect(problems).toEqual([]);
    expect(t.app.hasRoute({ method: 'POST', url: '/api/admin/login' })).toBe(true);
  });

  it('names every audited action in the audit log’s table, and no other', () => {
    const documented = tableRows(markdown, 'Audit log (`/admin/audit`)').flatMap(([, actions = '']) => codeSpans(actions));
    expect(
      documented.filter((a, i) => documented.indexOf(a) !== i),
      'actions listed twice',
    ).toEqual([]);
    expect(
      auditActions.filter((a) => !documented.includes(a)),
      'actions missing from the table',
    ).toEqual([]);
    expect(
      documented.filter((a) => !(auditActions as readonly string[]).includes(a)),
      'documented actions the server never writes (add new ones to auditActions in the contract)',
    ).toEqual([]);
  });
});
