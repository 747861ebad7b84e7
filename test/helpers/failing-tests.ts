/**
 * The failing tests named in a `node --test` run's output. The spec reporter lists them again at
 * the end, after "✖ failing tests:", each as "test at FILE:LINE:COL" and then "✖ NAME (TIME)".
 * test/dates-leg.ts repeats them in its summary, since CI shows only the end of a long log.
 */
export function failingTests(output: string): string[] {
  const names = new Set<string>();
  for (const block of output.split('✖ failing tests:').slice(1)) {
    let at = '';
    for (const line of block.split('\n').map((text) => text.trimEnd())) {
      const where = /^test at (.+?):\d+:\d+$/.exec(line);
      if (where) at = where[1]!;
      const failed = /^✖ (.+?)(?: \([\d.]+m?s\))?$/.exec(line);
      if (failed) names.add(at ? `${failed[1]} (${at})` : failed[1]!);
    }
  }
  return [...names];
}
