import { stripVTControlCharacters } from 'node:util';

/**
 * The failing tests named in a `node --test` run's output. The spec reporter lists them again at
 * the end, after "✖ failing tests:", each as "test at FILE:LINE:COL" and then "✖ NAME (TIME)";
 * a file that failed outside its tests (it exited, or threw after them) is named by its path.
 * Colours are read through: with FORCE_COLOR set, the reporter wraps each ✖ line in escape codes.
 * A run that ended before that list (the runner itself died) is read for its ✖ lines instead.
 * test/dates-leg.ts repeats them in its summary, since CI shows only the end of a long log.
 */
export function failingTests(output: string): string[] {
  const plain = stripVTControlCharacters(output);
  const names = new Set<string>();
  if (!plain.includes('✖ failing tests:')) {
    for (const [, name] of plain.matchAll(/^\s*✖ (.+?)(?: \([\d.]+m?s\))?$/gm)) names.add(name!);
    return [...names];
  }
  for (const block of plain.split('✖ failing tests:').slice(1)) {
    let at = '';
    for (const line of block.split('\n').map((text) => text.trimEnd())) {
      const where = /^test at (.+?):\d+:\d+$/.exec(line);
      if (where) at = where[1]!;
      const failed = /^✖ (.+?)(?: \([\d.]+m?s\))?$/.exec(line);
      if (failed) names.add(at && at !== failed[1] ? `${failed[1]} (${at})` : failed[1]!);
    }
  }
  return [...names];
}
