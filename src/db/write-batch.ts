import { CompiledQuery } from 'kysely';
import { CACHED_WRITE } from './cache-statements.ts';
import { isPostgres } from './dialect.ts';
import { nameStatement, statementName } from './statement-names.ts';
import type { Db, Tx } from './transaction.ts';

/**
 * Writes whose answer nobody reads (a booking's reminder, its mail message, its audit entries, and
 * its events when no webhook hears them: their ids are read inside the statement, HeldId), held while `work` runs and then sent to PostgreSQL as one statement: a CTE of the inserts, one
 * round trip instead of one each. On SQLite a statement is a call inside this process: `work` runs
 * as it is and every write goes at once (batchOrRun answers false).
 *
 * Only writes that nothing in `work` reads back may be held (the booking's path reads none of
 * these tables after writing them). The statement runs before `work`'s caller goes on, in the same
 * transaction: if one of its inserts fails (a constraint), the statement writes none of them and
 * the error ends the transaction, as the separate statements' first failure did. A failure in
 * `work` itself sends nothing.
 *
 * Events keep their order, which is their ids' order: a held event's row is made from the row of
 * the held event before it in the statement (`insert … select … from w1`), so its id is drawn
 * after that one's; an event that cannot be held (one a webhook hears, whose deliveries go with it
 * in the queue's statement) is written after the held ones are sent (sendHeldEvents).
 */
export async function inOneStatement<T>(trx: Tx, work: () => Promise<T>): Promise<T> {
  if (!isPostgres(trx) || held.has(trx)) return work();
  const writes: Held[] = [];
  held.set(trx, writes);
  let value: T;
  try {
    value = await work();
  } finally {
    held.delete(trx);
  }
  await send(trx, writes);
  return value;
}

/**
 * Sends what the open inOneStatement of `db` holds now, when it holds an event (one statement), and
 * goes on holding what comes after: an event about to be written on its own then comes after the
 * held ones, in their ids' order. Their ids are known from then on, a plain value for later writes.
 */
export async function sendHeldEvents(db: Db): Promise<void> {
  const writes = held.get(db);
  if (!writes?.some((write) => write.id)) return;
  const sent = writes.splice(0);
  await send(db as Tx, sent);
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
    if (query.parameters.some((value) => value instanceof HeldId && value.value === undefined)) {
      throw new Error('a held id used outside its batched statement');
    }
    return false;
  }
  writes.push({ query });
  return true;
}

/**
 * The id an event's insert held for the batched statement will return (`returning id`): a
 * parameter of a later held write (a message's event), which the statement reads from that
 * insert's RETURNING. Until its statement is sent it means nothing outside it; once sent early
 * (sendHeldEvents), `value` is the id.
 */
export class HeldId {
  #value: number | undefined;
  get value(): number | undefined {
    return this.#value;
  }
  /** Set once, when its statement has been sent and answered. */
  resolve(id: number): void {
    this.#value = id;
  }
}

/**
 * Holds `query` (an event's insert `returning id`, EVENT_INSERT) for the open inOneStatement of
 * `db` and answers the id it will return, for later held writes; undefined when there is none:
 * the caller runs it itself.
 */
export function batchReturningId(db: Db, query: CompiledQuery): HeldId | undefined {
  const writes = held.get(db);
  if (!writes || CACHED_WRITE.test(query.sql)) return undefined;
  if (!EVENT_INSERT.test(query.sql)) throw new Error('only an event insert is held for its id');
  const id = new HeldId();
  writes.push({ query, id });
  return id;
}

interface Held {
  readonly query: CompiledQuery;
  /** For an event's insert: the id it returns. */
  readonly id?: HeldId;
}

const held = new WeakMap<object, Held[]>();

/** An event's insert as Kysely compiles it: one row of parameters, returning its id. */
const EVENT_INSERT = /^insert into "events" (\([^)]*\)) values \(([^)]*)\) returning "id"$/;

/** `writes` as one statement (or the one write), their held ids resolved from its answer. */
async function send(trx: Tx, writes: readonly Held[]): Promise<void> {
  if (writes.length === 0) return;
  const ids = writes.flatMap((write) => (write.id ? [write.id] : []));
  if (writes.length === 1 && ids.length === 0) {
    await trx.executeQuery(writes[0]!.query);
    return;
  }
  const { rows } = await trx.executeQuery<Record<string, number>>(combined(writes));
  for (const [i, id] of ids.entries()) id.resolve(Number(rows[0]![`id${i + 1}`]));
}

/**
 * The writes as one statement: `with w1 as (insert …), w2 as (insert …) select …`, each one's
 * parameters renumbered after the ones before it, a HeldId read from its insert's RETURNING (or,
 * when sent before, its value), each event's row made from the previous event's (ids in order),
 * and the events' ids answered (`id1`, `id2`…). The texts are Kysely's compiled inserts, whose
 * values are all parameters (no `$` inside a literal).
 */
function combined(writes: readonly Held[]): CompiledQuery {
  const parts: string[] = [];
  const parameters: unknown[] = [];
  const answers: string[] = [];
  let lastEvent: number | undefined;
  for (const [i, write] of writes.entries()) {
    // Each parameter renumbered after the writes before it, or, for a held id, read from its insert.
    const values = write.query.parameters.map((value) => {
      if (value instanceof HeldId && value.value !== undefined) value = value.value;
      if (!(value instanceof HeldId)) {
        parameters.push(value);
        return `$${parameters.length}`;
      }
      const from = writes.findIndex((w) => w.id === value);
      if (from < 0 || from >= i) throw new Error('a held write refers to one after it');
      return `(select id from w${from + 1})`;
    });
    let text = write.query.sql.replace(/\$(\d+)/g, (_, n: string) => values[Number(n) - 1]!);
    if (write.id) {
      // Made from the previous event's returned row: its id can only be drawn after that one's.
      if (lastEvent !== undefined)
        text = text.replace(EVENT_INSERT, `insert into "events" $1 select $2 from w${lastEvent + 1} returning "id"`);
      lastEvent = i;
      answers.push(`(select id from w${i + 1}) as id${answers.length + 1}`);
    }
    parts.push(`w${i + 1} as (${text})`);
  }
  const text = `with ${parts.join(', ')} select ${answers.length > 0 ? answers.join(', ') : `${writes.length} as writes`}`;
  // A handful of texts (which writes, one audit entry or two): each named once, planned once per connection.
  if (statementName(text) === undefined && batchTexts < MAX_NAMED_BATCHES) nameStatement(text, `write_batch_${++batchTexts}`);
  return CompiledQuery.raw(text, parameters);
}

const MAX_NAMED_BATCHES = 32;
let batchTexts = 0;
