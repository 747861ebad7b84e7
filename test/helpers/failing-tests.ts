import { stripVTControlCharacters } from 'node:util';

/** A failing test: its name (with its file when the file is not the name), and how it failed. */
export interface Failure {
  name: string;
  /** The first lines the reporter printed under it, without the stack: the error and its diff. */
  why: string[];
}

/** How many lines of an error the summary keeps, and how wide each. */
const WHY_LINES = 8;
const WHY_WIDTH = 160;

/**
 * The failing tests named in a `node --test` run's output. The spec reporter lists them again at
 * the end, after "✖ failing tests:", each as "test at FILE:LINE:COL", then "✖ NAME (TIME)", then
 * the error, its diff and its stack; a file that failed outside its tests (it exited, or threw
 * after them) is named by its path.
 * Colours are read through: with FORCE_COLOR set, the reporter wraps each ✖ line in escape codes.
 * A run that ended before that list (the runner itself died) is read for its ✖ lines instead.
 * test/dates-leg.ts repeats them in its summary, since CI shows only the end of a long log.
 */
export function failures(output: string): Failure[] {
  const plain = stripVTControlCharacters(output);
  const found = new Map<string, Failure>();
  const add = (name: string, why: string[] = []) => {
    if (!found.has(name)) found.set(name, { name, why });
  };
  if (!plain.includes('✖ failing tests:')) {
    for (const [, name] of plain.matchAll(/^\s*✖ (.+?)(?: \([\d.]+m?s\))?$/gm)) add(name!);
    return [...found.values()];
  }
  for (const block of plain.split('✖ failing tests:').slice(1)) {
    let at = '';
    let why: string[] | undefined;
    for (const line of block.split('\n').map((text) => text.trimEnd())) {
      const where = /^test at (.+?):\d+:\d+$/.exec(line);
      const failed = /^✖ (.+?)(?: \([\d.]+m?s\))?$/.exec(line);
      if (where) {
        at = where[1]!;
        why = undefined;
      } else if (failed) {
        why = [];
        add(at && at !== failed[1] ? `${failed[1]} (${at})` : failed[1]!, why);
      } else if (why && /^\s+at /.test(line)) {
        why = undefined;
      } else if (why && line.trim() !== '' && why.length < WHY_LINES) {
        why.push(line.trim().slice(0, WHY_WIDTH));
      }
    }
  }
  return [...found.values()];
}

/** The names of the failing tests in a `node --test` run's output (see `failures`). */
export function failingTests(output: string): string[] {
  return failures(output).map((failure) => failure.name);
}
