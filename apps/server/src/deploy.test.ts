import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/DEPLOY.md as an operator follows it (issue 10 §11). The run itself is scripts/deploy-smoke.sh: two
 * production nodes under deploy/supervise.sh behind nginx with deploy/nginx.conf, on the PostgreSQL and
 * Redis of CI's second run. Docker is not on these machines, so deploy/compose.yaml is checked as a file.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

function run(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', [script], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += String(c)));
    child.stderr.on('data', (c) => (output += String(c)));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe.runIf(adminUrl && redisUrl)('docs/DEPLOY.md on this machine (scripts/deploy-smoke.sh)', () => {
  // Typically ~25 s; the first run on a machine without nginx also installs nginx-light.
  it('serves through nginx from two supervised nodes, survives a kill -9, scrapes metrics and stops with exit 0', async (ctx) => {
    const { code, output } = await run('scripts/deploy-smoke.sh', { ADMIN_DATABASE_URL: adminUrl!, REDIS_URL: redisUrl! });
    if (code === 77) ctx.skip(output.trim().split('\n').pop());
    if (code !== 0) console.log(output);
    expect(code).toBe(0);
    expect(output).not.toMatch(/FAIL/);
    expect(output).toMatch(/all \d+ checks passed/);
  }, 240_000);
});

describe('deploy/compose.yaml', () => {
  it('restarts every service, checks its health, and starts nodes and proxy only on healthy dependencies', async (ctx) => {
    // js-yaml comes with ESLint; the file is checked when it is installed.
    const yaml = (await import('js-yaml' as string).catch(() => null)) as { load(text: string): unknown } | null;
    if (!yaml) return ctx.skip('js-yaml is not installed');
    type Service = {
      restart?: string;
      healthcheck?: { test?: unknown };
      depends_on?: Record<string, { condition?: string }>;
      environment?: Record<string, string>;
      env_file?: unknown;
    };
    const compose = yaml.load(fs.readFileSync(path.join(repoRoot, 'deploy/compose.yaml'), 'utf8')) as { services: Record<string, Service> };
    const { services } = compose;
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'nginx', 'postgres', 'redis']);
    for (const [name, service] of Object.entries(services)) {
      expect(service.restart, name).toBe('unless-stopped');
      expect(service.healthcheck?.test, name).toBeDefined();
    }
    for (const node of ['app1', 'app2']) {
      const s = services[node]!;
      expect(JSON.stringify(s.healthcheck?.test)).toContain('/health/ready');
      expect(s.depends_on).toEqual({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
      // One server process per container: each node is scraped, restarted and scaled as one process.
      expect(s.environment).toMatchObject({ NODE_ENV: 'production', BEACON_SOURCE: 'drand', TRUST_PROXY: '172.30.0.10', WORKERS: '1' });
      // The providers' settings reach the nodes from deploy/.env.
      expect(s.env_file).toBe('.env');
    }
    expect(services.nginx!.depends_on).toEqual({ app1: { condition: 'service_healthy' }, app2: { condition: 'service_healthy' } });
  });
});
