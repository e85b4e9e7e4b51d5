/**
 * Where a server's CPU went: reads a V8 .cpuprofile (node --cpu-prof) and prints self time by function and
 * by package or source folder. Usage: npx tsx bench/load/profile-summary.ts FILE.cpuprofile [TOP]
 */
import fs from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const [file, topArg] = process.argv.slice(2);
const prof = JSON.parse(fs.readFileSync(file!, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const top = Number(topArg ?? 25);
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
prof.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

function area(url: string): string {
  if (!url) return '(native/idle)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const src = url.indexOf('/src/');
  if (src >= 0)
    return url
      .slice(src + 5)
      .split('/')
      .slice(0, 2)
      .join('/');
  return url.startsWith('node:') ? url : url.split('/').slice(-2).join('/');
}

const fnSelf = new Map<string, number>();
const areaSelf = new Map<string, number>();
for (const [id, t] of self) {
  const n = byId.get(id)!;
  const f = `${n.callFrame.functionName || '(anonymous)'} ${area(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  fnSelf.set(f, (fnSelf.get(f) ?? 0) + t);
  const a = n.callFrame.functionName === '(idle)' ? '(idle)' : area(n.callFrame.url);
  areaSelf.set(a, (areaSelf.get(a) ?? 0) + t);
}
const show = (m: Map<string, number>) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .forEach(([k, v]) => console.log(`${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`));
console.log(`total ${(total / 1e6).toFixed(1)} s sampled\n-- by area (self) --`);
show(areaSelf);
console.log('-- by function (self) --');
show(fnSelf);
