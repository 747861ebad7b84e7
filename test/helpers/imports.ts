/**
 * The import graph of src/ between its folders (and its top-level files), read with TypeScript's
 * own pre-processor: which unit imports which, and the floor each stands on (a unit stands above
 * everything it imports). test/house.test.ts holds the layout to it; `npm run house` prints it as
 * the Mermaid picture in docs/architecture.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SRC = path.resolve(import.meta.dirname, '../../src');

export interface ImportGraph {
  /** Unit name (`bookings/`, `app.ts`) to the units it imports. */
  readonly edges: ReadonlyMap<string, ReadonlySet<string>>;
  /** Each import between units, as `from file -> to file`, for messages. */
  readonly imports: ReadonlyArray<{ from: string; to: string; fromFile: string; toFile: string }>;
}

/** A folder directly under src/ is one unit (src/db with its engines' folders too); a file at the top is its own. */
function unitOf(relative: string): string {
  const [first, ...rest] = relative.split('/');
  return rest.length === 0 ? first! : `${first}/`;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|mts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.mts') ? [full] : [];
  });
}

export function importGraph(): ImportGraph {
  const edges = new Map<string, Set<string>>();
  const imports: Array<{ from: string; to: string; fromFile: string; toFile: string }> = [];
  for (const file of sourceFiles(SRC)) {
    const fromFile = path.relative(SRC, file).split(path.sep).join('/');
    const from = unitOf(fromFile);
    if (!edges.has(from)) edges.set(from, new Set());
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), fileName);
      if (!target.startsWith(SRC)) continue;
      const toFile = path.relative(SRC, target).split(path.sep).join('/');
      // A dynamic import by pattern (the migrations) names a folder of its own unit.
      if (toFile.includes('${')) continue;
      const to = unitOf(toFile);
      if (to === from) continue;
      edges.get(from)!.add(to);
      imports.push({ from, to, fromFile, toFile });
    }
  }
  return { edges, imports };
}

/** The groups of units that import each other in a loop (Tarjan's strongly connected components, of two or more). */
export function cycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (unit: string) => {
    index.set(unit, next);
    low.set(unit, next++);
    stack.push(unit);
    onStack.add(unit);
    for (const to of graph.edges.get(unit) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(unit, Math.min(low.get(unit)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(unit, Math.min(low.get(unit)!, index.get(to)!));
    }
    if (low.get(unit) === index.get(unit)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== unit);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const unit of [...graph.edges.keys()].sort()) if (!index.has(unit)) visit(unit);
  return found;
}

/** Each unit's floor: 1 for one that imports no other unit, else one above the highest it imports. Needs no cycles. */
export function floors(graph: ImportGraph): Map<string, number> {
  const floor = new Map<string, number>();
  const of = (unit: string): number => {
    const known = floor.get(unit);
    if (known !== undefined) return known;
    floor.set(unit, 0);
    const value = 1 + Math.max(0, ...[...(graph.edges.get(unit) ?? [])].map(of));
    floor.set(unit, value);
    return value;
  };
  for (const unit of graph.edges.keys()) of(unit);
  return floor;
}

/**
 * The graph as a Mermaid flowchart, top floor first, with each unit's arrows only to what it
 * imports directly and that is not reached through another of its imports (the picture stays
 * readable; the test checks every import).
 */
export function mermaid(graph: ImportGraph): string {
  const floor = floors(graph);
  const id = (unit: string) => unit.replace(/[^a-z0-9]/gi, '_');
  const reaches = (from: string, to: string, seen = new Set<string>()): boolean => {
    for (const next of graph.edges.get(from) ?? []) {
      if (next === to) return true;
      if (!seen.has(next)) {
        seen.add(next);
        if (reaches(next, to, seen)) return true;
      }
    }
    return false;
  };
  const units = [...graph.edges.keys()].sort((a, b) => floor.get(b)! - floor.get(a)! || a.localeCompare(b));
  const lines = ['flowchart TB'];
  for (const level of [...new Set(units.map((u) => floor.get(u)!))]) {
    lines.push(`  subgraph floor${level}[" "]`, '    direction LR');
    for (const unit of units.filter((u) => floor.get(u) === level)) lines.push(`    ${id(unit)}["${unit}"]`);
    lines.push('  end');
  }
  for (const unit of units) {
    const direct = [...(graph.edges.get(unit) ?? [])].sort();
    for (const to of direct) {
      const implied = direct.some((other) => other !== to && reaches(other, to));
      if (!implied) lines.push(`  ${id(unit)} --> ${id(to)}`);
    }
  }
  return lines.join('\n');
}

if (import.meta.main) console.log(mermaid(importGraph()));
