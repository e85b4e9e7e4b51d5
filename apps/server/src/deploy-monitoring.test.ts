import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './testing/test-app.js';
import { usingPostgres } from './testing/test-db.js';

/**
 * deploy/prometheus/alerts.yml and deploy/grafana/skinfair.json (issue 26 §12): valid for their tools, and
 * naming only metrics the app really exports, so a renamed metric cannot silently blind an alert.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const alertsFile = path.join(repo, 'deploy/prometheus/alerts.yml');
const dashboardFile = path.join(repo, 'deploy/grafana/skinfair.json');
const hasPromtool = spawnSync('promtool', ['--version']).status === 0;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** skinfair_* names a text refers to, with the histogram suffixes taken off. */
function metricNames(text: string): Set<string> {
  return new Set([...text.matchAll(/\bskinfair_[a-z0-9_]+/g)].map((m) => m[0].replace(/_(bucket|count|sum)$/, '')));
}

describe('monitoring files in deploy/', () => {
  it.skipIf(!hasPromtool)('alert rules pass promtool check and its unit tests (Debian package prometheus)', () => {
    const check = spawnSync('promtool', ['check', 'rules', alertsFile], { encoding: 'utf8' });
    expect(check.status, check.stdout + check.stderr).toBe(0);
    const tests = spawnSync('promtool', ['test', 'rules', path.join(repo, 'deploy/prometheus/alerts.test.yml')], { encoding: 'utf8' });
    expect(tests.status, tests.stdout + tests.stderr).toBe(0);
  });

  it('alert rules parse, each with a name, an expression, a severity and a summary', async (ctx) => {
    // js-yaml comes with ESLint; the file is checked when it is installed (as deploy.test.ts does).
    const yaml = (await import('js-yaml' as string).catch(() => null)) as { load(text: string): unknown } | null;
    if (!yaml) return ctx.skip('js-yaml is not installed');
    const doc = yaml.load(fs.readFileSync(alertsFile, 'utf8')) as {
      groups: { name: string; rules: { alert: string; expr: string; labels: { severity: string }; annotations: { summary: string } }[] }[];
    };
    const rules = doc.groups.flatMap((g) => g.rules);
    expect(rules.length).toBeGreaterThanOrEqual(20);
    for (const r of rules) {
      expect(r.alert).toMatch(/^[A-Z][A-Za-z0-9]+$/);
      expect(r.expr.length).toBeGreaterThan(5);
      expect(['page', 'warning', 'info']).toContain(r.labels.severity);
      expect(r.annotations.summary.length).toBeGreaterThan(5);
    }
    expect(new Set(rules.map((r) => r.alert)).size).toBe(rules.length);
  });

  it('the dashboard is Grafana JSON whose panels each query something', () => {
    const dashboard = JSON.parse(fs.readFileSync(dashboardFile, 'utf8')) as {
      uid: string;
      panels: { type: string; title: string; targets?: { expr: string }[] }[];
    };
    expect(dashboard.uid).toBe('skinfair');
    const queried = dashboard.panels.filter((p) => p.type !== 'row');
    expect(queried.length).toBeGreaterThanOrEqual(20);
    for (const p of queried) expect(p.targets?.length, p.title).toBeGreaterThan(0);
  });

  it('names only metrics the app exports', async () => {
    const scrape = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const exported = new Set([...scrape.matchAll(/^# TYPE (skinfair_[a-z0-9_]+) /gm)].map((m) => m[1]!));
    // Only a cluster primary adds this one (cluster-aggregation.ts); metrics-cluster-process.test.ts sees it.
    exported.add('skinfair_cluster_workers');
    // The pool's figures exist on PostgreSQL only (PGlite has no pool); metrics.test.ts checks them there.
    if (!usingPostgres())
      for (const n of ['skinfair_db_pool_clients', 'skinfair_db_pool_waiting', 'skinfair_db_pool_acquire_seconds']) exported.add(n);
    for (const file of [alertsFile, dashboardFile]) {
      const unknown = [...metricNames(fs.readFileSync(file, 'utf8'))].filter((n) => !exported.has(n));
      expect(unknown, path.basename(file)).toEqual([]);
    }
  });
});
