// Summarises a V8 .cpuprofile (node --cpu-prof): self time by function and by package/file.
//   node bench/profile-summary.ts FILE.cpuprofile [top]
import fs from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
const profile = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const top = Number(process.argv[3] ?? 25);
const self = new Map<number, number>();
profile.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map<string, number>();
const byArea = new Map<string, number>();
for (const node of profile.nodes) {
  const us = self.get(node.id) ?? 0;
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.replace(/^file:\/\/\/work\/[^/]+\//, '').replace(/^node:/, 'node:');
  const name = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  const area = !url
    ? functionName.startsWith('(')
      ? functionName
      : '(native)'
    : url.startsWith('node:')
      ? 'node internals'
      : (/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? file.split('/').slice(0, 2).join('/'));
  byArea.set(area, (byArea.get(area) ?? 0) + us);
}
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((us / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
  }
};
print('self time by area', byArea);
print('self time by function', byFunction);
