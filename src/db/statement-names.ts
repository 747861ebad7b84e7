/**
 * PostgreSQL statements sent as named prepared statements (src/db/postgres/connection.ts), by
 * their text: each is parsed and planned once per connection instead of on every call (Kysely
 * sends every statement unnamed). For the hot statements whose text never changes: the queue's
 * (src/db/queue.ts) and a booking's (prepared() with a name). Not for one whose plan depends on
 * its values so much that a generic plan runs slower than planning it each time (the queue's
 * claim: docs/performance.md, stop 38), nor for one that answers `*` (selectAll, returningAll):
 * a column another instance's migration adds later would change its answer's shape, which a
 * prepared statement refuses ("cached plan must not change result type") until the connection ends.
 */
const names = new Map<string, string>();

/** Sends `text` as the named statement `name` from now on (the same name for the same text). */
export function nameStatement(text: string, name: string): void {
  const known = names.get(text);
  if (known !== undefined && known !== name) throw new Error(`statement named twice: ${known} and ${name}`);
  names.set(text, name);
}

/** The name `text` goes by, or undefined to send it unnamed. */
export function statementName(text: string): string | undefined {
  return names.get(text);
}
