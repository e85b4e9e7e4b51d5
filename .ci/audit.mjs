// `npm audit` of the production dependencies, for .ci/run. Prints the report; exits 1 when it names a high
// or critical advisory that is not in ACCEPTED below (each with its reason, also listed in the README's
// "Dependency audit"). When the advisory service cannot be asked (this machine's registry answers the bulk
// advisory POST with 405), it says so and exits 0: nothing was judged, and a run must not fail on that.
import { spawnSync } from 'node:child_process';

const ACCEPTED = new Map([
  [
    'GHSA-rp65-9cf3-cjxr',
    'nth-check 1.0.2 under steamcommunity → cheerio 0.22 → css-select 1.2: a slow regular expression on a CSS selector; ' +
      'the library only runs its own fixed selectors, and nth-check 2 changed its exports (css-select 1.2 cannot load it)',
  ],
]);

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = null;
}
if (!report || report.error || report.message || !report.metadata) {
  const why = report?.message || report?.error?.summary || run.stderr.trim().split('\n').pop() || 'no answer';
  console.log(`npm audit: the advisory service did not answer (${why}); production dependencies not judged.`);
  process.exit(0);
}

const counts = report.metadata.vulnerabilities;
console.log(`npm audit (production): ${counts.critical} critical, ${counts.high} high, ${counts.moderate} moderate, ${counts.low} low`);
const blocking = [];
for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
  for (const via of v.via) {
    if (typeof via === 'string') continue; // a package that is only vulnerable through another one
    const id = String(via.url ?? '')
      .split('/')
      .pop();
    const line = `  ${via.severity.padEnd(8)} ${name} ${via.range ?? ''}: ${via.title} ${via.url ?? ''}`;
    console.log(line + (ACCEPTED.has(id) ? ' (accepted: see README)' : ''));
    if ((via.severity === 'high' || via.severity === 'critical') && !ACCEPTED.has(id)) blocking.push(line);
  }
}
if (blocking.length > 0) {
  console.log(`npm audit: ${blocking.length} high or critical advisories in production dependencies fail the run.`);
  process.exit(1);
}
