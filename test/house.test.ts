import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { cycles, importGraph, mermaid } from './helpers/imports.ts';

const ARCHITECTURE = path.resolve(import.meta.dirname, '../docs/architecture.md');

it('imports only downward: no two folders of src/ import each other, however far round', () => {
  const graph = importGraph();
  const loops = cycles(graph).map((group) => {
    const within = graph.imports.filter((i) => group.includes(i.from) && group.includes(i.to));
    return `${group.join(', ')}: ${within.map((i) => `${i.fromFile} -> ${i.toFile}`).join('; ')}`;
  });
  assert.deepEqual(loops, [], 'move what ties them to the folder it belongs to (docs/architecture.md)');
});

it('draws the house in docs/architecture.md as it is (npm run house prints the picture)', () => {
  const written = /```mermaid\n([\s\S]*?)\n```/.exec(fs.readFileSync(ARCHITECTURE, 'utf8'))?.[1];
  assert.equal(written, mermaid(importGraph()));
});
