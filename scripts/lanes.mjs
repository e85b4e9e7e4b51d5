#!/usr/bin/env node
// Runs commands in lanes side by side: `node scripts/lanes.mjs a b -- c -- d` runs a then b in one lane, c in
// another and d in a third, all at once. Each lane's output is printed whole when the lane ends (so two
// runs never interleave their lines), a lane stops at its first failing command, and the whole fails when
// any lane does. `npm run check` runs its checks this way: type checks; ESLint, which builds its own typed
// program; formatting, boundaries and cycles. One after another they took ~120 s on the 2-core CI machine,
// each a single-threaded process; side by side 67 s (docs/BENCHMARKS.md "Test suite").
import { spawn } from 'node:child_process';

const lanes = [[]];
for (const arg of process.argv.slice(2)) {
  if (arg === '--') lanes.push([]);
  else lanes.at(-1).push(arg);
}

function run(command) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output, seconds: Math.round((Date.now() - started) / 1000) }));
  });
}

async function lane(commands) {
  for (const command of commands) {
    const result = await run(command);
    process.stdout.write(`== ${command} (${result.seconds} s${result.code === 0 ? '' : `, exit ${result.code}`})\n${result.output}`);
    if (result.code !== 0) return false;
  }
  return true;
}

const passed = await Promise.all(lanes.filter((l) => l.length > 0).map(lane));
if (passed.includes(false)) {
  console.error(`failed: ${lanes.map((l) => l.join(' && ')).join(' | ')}`);
  process.exit(1);
}
