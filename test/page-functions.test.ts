import assert from 'node:assert/strict';
import { it } from 'node:test';
import { pageFunctions, pageScripts } from './helpers/page-source.ts';

// The pages' views read load → state → render → actions, each a few small functions (issue 21;
// STYLE.md rule 18): the back office in static/js, the clients' booking page in static/book. A
// function past 80 lines is a view that has started to do everything at once again: split it
// where its parts are (a form, a list, what a button does).
const MOST_LINES = 80;

it(`no function in static/ is longer than ${MOST_LINES} lines`, () => {
  const functions = pageScripts().flatMap(pageFunctions);
  assert.ok(functions.length > 300, `read ${functions.length} functions`);
  const long = functions.filter((f) => f.lines > MOST_LINES).map((f) => `${f.where} ${f.name}: ${f.lines} lines`);
  assert.deepEqual(long, []);
});
