import { CompiledQuery, PostgresAdapter, type Compilable, type Kysely, type QueryResult } from 'kysely';
import { nameStatement } from './statement-names.ts';
import { directConnection } from './sqlite/dialect.ts';
import type { Tables } from './tables.ts';

/**
 * A query written in Kysely once, compiled once, then run many times with new values.
 * Kysely builds and compiles every query anew (4–9 µs each, measured); the outbox and the
 * delivery loop run the same few statements thousands of times a second.
 *
 * `build` receives placeholders (`p.name`): stand-in values that are recognised in the compiled
 * parameters and replaced on every run. A value that must never change goes in as a literal.
 * The query is compiled once per database engine it runs on (Kysely's adapter: SQLite's `?` or
 * PostgreSQL's `$1`, FOR UPDATE or not), so one process may use both: `copy-to-postgres` and the
 * benchmarks do.
 */
export function prepared<P extends Record<string, unknown>, R = unknown>(
  build: (qb: Kysely<Tables>, p: { [K in keyof P]: P[K] }) => Compilable<R>,
  /** On PostgreSQL, send it as this named prepared statement (src/db/statement-names.ts): planned once per connection. */
  name?: string,
): Prepared<P, R> {
  const marker = '\u0000prepared:';
  const byEngine = new WeakMap<object, { compiled: CompiledQuery<R>; slots: Array<[index: number, name: string]> }>();
  const compile = (db: Kysely<any>, values: P): CompiledQuery<R> => {
    const adapter = db.getExecutor().adapter;
    let entry = byEngine.get(adapter);
    if (!entry) {
      const placeholders = new Proxy({}, { get: (_, name) => `${marker}${String(name)}` }) as { [K in keyof P]: P[K] };
      const compiled = build(db as Kysely<Tables>, placeholders).compile();
      const slots = compiled.parameters.flatMap(
        (value, index): Array<[number, string]> =>
          typeof value === 'string' && value.startsWith(marker) ? [[index, value.slice(marker.length)]] : [],
      );
      entry = { compiled, slots };
      byEngine.set(adapter, entry);
      if (name !== undefined && adapter instanceof PostgresAdapter) nameStatement(compiled.sql, name);
    }
    const parameters = [...entry.compiled.parameters];
    for (const [index, name] of entry.slots) parameters[index] = values[name];
    return CompiledQuery.raw(entry.compiled.sql, parameters) as CompiledQuery<R>;
  };
  return Object.assign((db: Kysely<any>, values: P) => execute(db, compile(db, values)), { compile });
}

/** A prepared statement: run with values, or compiled with them for a caller that sends it (src/db/write-batch.ts). */
export type Prepared<P, R> = ((db: Kysely<any>, values: P) => Promise<QueryResult<R>>) & {
  compile: (db: Kysely<any>, values: P) => CompiledQuery<R>;
};

/** The named placeholders of `p` as a row, for `values(...)` of a prepared INSERT. */
export function pick<P extends Record<string, unknown>, K extends keyof P>(p: P, columns: readonly K[]): Pick<P, K> {
  return Object.fromEntries(columns.map((column) => [column, p[column]])) as Pick<P, K>;
}

/** Runs a compiled query: on SQLite's connection directly (directConnection), else through Kysely. */
export function execute<R>(db: Kysely<any>, query: CompiledQuery<R>): Promise<QueryResult<R>> {
  const direct = directConnection(db);
  return direct ? direct.executeQuery<R>(query) : db.executeQuery(query);
}
