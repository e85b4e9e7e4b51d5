import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
// Read once: the whole axe-core bundle is injected into every page it checks.
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  /** The CSS selectors of the failing nodes (first few), with axe's one-line reason for the first. */
  targets: string[];
  summary: string;
}

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Only what blocks people gates a test (issue 15): serious and critical, the impacts WCAG A/AA failures carry. */
const blocking = new Set(['serious', 'critical']);

/**
 * Runs axe-core on the page as it is now and returns its serious and critical violations, each with the
 * selectors of the nodes that fail, so a failure message says where to look.
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // The site's CSP (script-src 'self') refuses an inline <script>; evaluating through the DevTools
  // protocol is not subject to it, so the page is checked under its real policy.
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => blocking.has(v.impact ?? ''))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 8).map((n) => n.target.map(String).join(' ')),
      summary: `${v.nodes.length} node(s); ${(v.nodes[0]?.failureSummary ?? '').split('\n').slice(0, 2).join(' ')}`,
    }));
}

/** One line per violation, for an assertion's message. */
export const describeFindings = (where: string, findings: AxeFinding[]) =>
  findings.map((f) => `${where}: ${f.rule} (${f.impact}) ${f.help} — ${f.summary} — ${f.targets.join(' | ')}`).join('\n');
