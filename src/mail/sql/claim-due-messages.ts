import { sql } from 'kysely';
import { lockingRows } from '../../db/dialect.ts';
import type { MailMessageRow } from '../../db/tables.ts';
import type { Db, Tx } from '../../db/transaction.ts';

/** Whether any message is due: a read, so an idle queue costs no write transaction each second. */
export async function anyMessageDue(db: Db, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('mail_messages')
    .select('id')
    .where('status', '=', sql.lit('pending'))
    .where('due_at', '<=', now)
    .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<=', now)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Leases up to `limit` due messages, oldest first, in the caller's transaction: a message whose
 * lease ran out (its worker died mid-send) is due again. On PostgreSQL the rows another instance
 * is claiming right now are passed by (SKIP LOCKED), so no message is claimed twice at once.
 */
export async function claimDueMessages(trx: Tx, now: number, limit: number, leaseMs: number): Promise<MailMessageRow[]> {
  if (limit <= 0) return [];
  const due = trx
    .selectFrom('mail_messages')
    .select('id')
    // A literal, so SQLite can use the partial index on pending rows.
    .where('status', '=', sql.lit('pending'))
    .where('due_at', '<=', now)
    .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<=', now)]))
    .orderBy('due_at')
    .orderBy('id')
    .limit(limit);
  const ids = (await lockingRows(trx, due, 'skip locked').execute()).map((row) => row.id);
  if (ids.length === 0) return [];
  return trx
    .updateTable('mail_messages')
    .set({ lease_until: now + leaseMs })
    .where('id', 'in', ids)
    .returningAll()
    .execute();
}
