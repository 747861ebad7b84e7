import { CompiledQuery } from 'kysely';
import { CACHED_WRITE } from './cache-statements.ts';
import { isPostgres } from './dialect.ts';
import { nameStatement, statementName } from './statement-names.ts';
import type { Db, Tx } from './transaction.ts';

/**
 * Writes whose answer nobody reads (a booking's reminder, its mail message, its audit entries, and
 * its event when no webhook hears it: its id is read inside the statement, HeldId), held while `work` runs and then sent to PostgreSQL as one statement: a CTE of the inserts, one
 * round trip instead of one each. On SQLite a statement is a call inside this process: `work` runs
 * as it is and every write goes at once (batchOrRun answers false).
 *
 * Only writes that nothing in `work` reads back may be held (the booking's path reads none of
 * these tables after writing them). The statement runs before `work`'s caller goes on, in the same
 * transaction: if one of its inserts fails (a constraint), the statement writes none of them and
 * the error ends the transaction, as the separate statements' first failure did. A failure in
 * `work` itself sends nothing.
 */
export async function inOneStatement<T>(trx: Tx, work: () => Promise<T>): Promise<T> {
  if (!isPostgres(trx) || held.has(trx)) return work();
  const writes: CompiledQuery[] = [];
  held.set(trx, writes);
  let value: T;
  try {
    value = await work();
  } finally {
    held.delete(trx);
  }
  if (writes.length === 1) await trx.executeQuery(writes[0]!);
  else if (writes.length > 1) await trx.executeQuery(combined(writes));
  return value;
}

/**
 * Holds `query` for the open inOneStatement of `db`, and answers true; false when there is none
 * (SQLite, or outside one): the caller then runs it itself.
 */
export function batchOrRun(db: Db, query: CompiledQuery): boolean {
  const writes = held.get(db);
  // A write to a table a cache depends on goes alone: the caches' freshness knows it by the
  // statement's first words, which a CTE would hide (src/db/cache-statements.ts).
  if (!writes || CACHED_WRITE.test(query.sql)) {
    if (query.parameters.some((value) => value instanceof HeldId)) throw new Error('a held id used outside its batched statement');
    return false;
  }
  writes.push(query);
  return true;
}

/**
 * The id an insert held for the batched statement will return (`returning id`): a parameter of a
 * later held write (a message's event), which the statement reads from that insert's RETURNING.
 * It exists only inside inOneStatement and means nothing outside the batched statement.
 */
export class HeldId {
  readonly write: number;
  constructor(write: number) {
    this.write = write;
  }
}

/**
 * Holds `query` (an insert `returning id`) for the open inOneStatement of `db` and answers the id
 * it will return, for later held writes; undefined when there is none: the caller runs it itself.
 */
export function batchReturningId(db: Db, query: CompiledQuery): HeldId | undefined {
  const writes = held.get(db);
  if (!writes || CACHED_WRITE.test(query.sql)) return undefined;
  writes.push(query);
  return new HeldId(writes.length - 1);
}

const held = new WeakMap<object, CompiledQuery[]>();

/**
 * The writes as one statement: `with w1 as (insert …), w2 as (insert …) select 2 …`, each one's
 * parameters renumbered after the ones before it, a HeldId read from its insert's RETURNING. The
 * texts are Kysely's compiled inserts, whose values are all parameters (no `$` inside a literal).
 */
function combined(writes: readonly CompiledQuery[]): CompiledQuery {
  const parts: string[] = [];
  const parameters: unknown[] = [];
  for (const [i, write] of writes.entries()) {
    // Each parameter renumbered after the writes before it, or, for a held id, read from its insert.
    const values = write.parameters.map((value) => {
      if (!(value instanceof HeldId)) {
        parameters.push(value);
        return `$${parameters.length}`;
      }
      if (value.write >= i) throw new Error('a held write refers to one after it');
      return `(select id from w${value.write + 1})`;
    });
    parts.push(`w${i + 1} as (${write.sql.replace(/\$(\d+)/g, (_, n: string) => values[Number(n) - 1]!)})`);
  }
  const text = `with ${parts.join(', ')} select ${writes.length} as writes`;
  // A handful of texts (which writes, one audit entry or two): each named once, planned once per connection.
  if (statementName(text) === undefined && batchTexts < MAX_NAMED_BATCHES) nameStatement(text, `write_batch_${++batchTexts}`);
  return CompiledQuery.raw(text, parameters);
}

const MAX_NAMED_BATCHES = 32;
let batchTexts = 0;
