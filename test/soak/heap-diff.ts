/**
 * Compares two V8 heap snapshots (`npm run load` with LOAD_MEMORY_FILE and LOAD_HEAP_SNAPSHOTS_AT
 * writes them): objects per constructor (and per kind for strings, arrays, closures, code), count
 * and self size, in each and the difference, largest growth first. What a leak leaves behind
 * grows between an early and a late snapshot; what only churns does not.
 *   node test/soak/heap-diff.ts early.heapsnapshot late.heapsnapshot [rows]
 */
import fs from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

type Totals = Map<string, { count: number; size: number }>;

export function byConstructor(file: string): Totals {
  const snap = JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const totals: Totals = new Map();
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt]!]!;
    // Objects by constructor name; everything else (strings, arrays, closures, code…) by kind.
    const key = type === 'object' || type === 'native' ? `${snap.strings[snap.nodes[i + nameAt]!]}` : `(${type})`;
    const entry = totals.get(key) ?? { count: 0, size: 0 };
    entry.count += 1;
    entry.size += snap.nodes[i + sizeAt]!;
    totals.set(key, entry);
  }
  return totals;
}

if (import.meta.main) {
  const [early, late, rows = '30'] = process.argv.slice(2);
  if (!early || !late) throw new Error('usage: node test/soak/heap-diff.ts early.heapsnapshot late.heapsnapshot [rows]');
  const a = byConstructor(early);
  const b = byConstructor(late);
  const keys = new Set([...a.keys(), ...b.keys()]);
  const diff = [...keys].map((key) => {
    const x = a.get(key) ?? { count: 0, size: 0 };
    const y = b.get(key) ?? { count: 0, size: 0 };
    return { key, count: [x.count, y.count, y.count - x.count], size: [x.size, y.size, y.size - x.size] };
  });
  const sum = (t: Totals) => [...t.values()].reduce((s, e) => s + e.size, 0);
  console.log(`total self size: ${(sum(a) / 1048576).toFixed(1)} MiB → ${(sum(b) / 1048576).toFixed(1)} MiB`);
  console.log('constructor or kind | count early → late (Δ) | self size KiB early → late (Δ)');
  for (const d of diff.sort((p, q) => q.size[2]! - p.size[2]!).slice(0, Number(rows))) {
    const kib = (n: number) => Math.round(n / 1024);
    console.log(
      `${d.key} | ${d.count[0]} → ${d.count[1]} (${d.count[2]! >= 0 ? '+' : ''}${d.count[2]}) | ${kib(d.size[0]!)} → ${kib(d.size[1]!)} (${d.size[2]! >= 0 ? '+' : ''}${kib(d.size[2]!)})`,
    );
  }
}
