import { CompiledQuery } from 'kysely';
import { isPostgres } from './dialect.ts';
import { nameStatement } from './statement-names.ts';
import type { ClientRow } from './tables.ts';
import type { Tx } from './transaction.ts';

/**
 * A booking's statements where the engines differ in how many statements they take (as
 * src/db/queue.ts for the delivery queue): on PostgreSQL each is one statement, on SQLite each
 * function answers undefined and the caller runs its portable statements one by one.
 */

/** A client row's columns, as a new client gives them (the id comes from the table). */
export const NEW_CLIENT_COLUMNS = [
  'business_id',
  'name',
  'email',
  'email_normalized',
  'phone',
  'search_name',
  'search_phone',
  'notes',
  'created_at',
  'updated_at',
] as const;

const RETURNED = ['id', ...NEW_CLIENT_COLUMNS].map((c) => `"${c}"`).join(', ');

// The client's row if the e-mail address is known, else a new one: the insert runs only when the
// read found none. Both see the statement's snapshot, taken after the identity's lock (the caller's).
const FIND_OR_INSERT = `
with found as (
  select ${RETURNED} from clients where business_id = $1::bigint and email_normalized = $4::text
), inserted as (
  insert into clients (${NEW_CLIENT_COLUMNS.map((c) => `"${c}"`).join(', ')})
  select ${NEW_CLIENT_COLUMNS.map((c, i) => `$${i + 1}::${c.endsWith('_at') || c === 'business_id' ? 'bigint' : 'text'}`).join(', ')}
  where not exists (select 1 from found)
  returning ${RETURNED}
)
select false as "inserted", ${RETURNED} from found
union all
select true as "inserted", ${RETURNED} from inserted`;
nameStatement(FIND_OR_INSERT, 'client_find_or_insert');

/**
 * PostgreSQL: the business's client with this row's e-mail address (`email_normalized`), or, when
 * there is none, `row` inserted, in one statement; `inserted` says which. The caller holds the
 * identity's lock (lockClientIdentity), so no other transaction inserts the same address meanwhile.
 * Undefined on SQLite.
 */
export async function findOrInsertClientByEmail(
  trx: Tx,
  row: { readonly [K in (typeof NEW_CLIENT_COLUMNS)[number]]: unknown },
): Promise<{ row: ClientRow; inserted: boolean } | undefined> {
  if (!isPostgres(trx)) return undefined;
  const { rows } = await trx.executeQuery<ClientRow & { inserted: boolean }>(
    CompiledQuery.raw(
      FIND_OR_INSERT,
      NEW_CLIENT_COLUMNS.map((c) => row[c]),
    ),
  );
  const { inserted, ...client } = rows[0]!;
  return { row: client, inserted };
}
