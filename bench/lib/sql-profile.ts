/** Collects time per SQL text (an OpenOptions.onQuery observer) and prints the heaviest. */
export function sqlProfile() {
  const totals = new Map<string, { ms: number; calls: number }>();
  return {
    onQuery: (sql: string, ms: number) => {
      const entry = totals.get(sql) ?? { ms: 0, calls: 0 };
      entry.ms += ms;
      entry.calls += 1;
      totals.set(sql, entry);
    },
    report(top = 12): string {
      return [...totals]
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, top)
        .map(
          ([sql, { ms, calls }]) =>
            `${ms.toFixed(0).padStart(7)} ms ${String(calls).padStart(7)} calls ${((ms / calls) * 1000).toFixed(0).padStart(5)} µs  ${sql.slice(0, 140)}`,
        )
        .join('\n');
    },
  };
}
