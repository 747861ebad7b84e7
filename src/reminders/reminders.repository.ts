import { sql } from 'kysely';
import { lockingRows } from '../db/dialect.ts';
import { prepared } from '../db/prepared.ts';
import type { Db, Tx } from '../db/transaction.ts';
import { batchOrRun } from '../db/write-batch.ts';

// Compiled once: one of them runs in the transaction of every booking event.
const upsert = prepared<{ bookingId: number; businessId: number; dueAt: number }>((qb, p) =>
  qb
    .insertInto('booking_reminders')
    .values({ booking_id: p.bookingId, business_id: p.businessId, due_at: p.dueAt })
    .onConflict((oc) => oc.column('booking_id').doUpdateSet({ due_at: sql.ref('excluded.due_at') })),
);
const remove = prepared<{ bookingId: number }>((qb, p) => qb.deleteFrom('booking_reminders').where('booking_id', '=', p.bookingId));

/** The booking's reminder, at `dueAt` (made, or moved with its booking; held for an open inOneStatement). */
export async function setReminder(trx: Tx, reminder: { bookingId: number; businessId: number; dueAt: number }): Promise<void> {
  const query = upsert.compile(trx, reminder);
  if (!batchOrRun(trx, query)) await trx.executeQuery(query);
}

export async function dropReminder(trx: Tx, bookingId: number): Promise<void> {
  await remove(trx, { bookingId });
}

/** Whether any reminder is due: a read, so an idle clock costs no write transaction each second. */
export async function anyReminderDue(db: Db, now: number): Promise<boolean> {
  const row = await db.selectFrom('booking_reminders').select('booking_id').where('due_at', '<=', now).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes up to `limit` reminders that are due, oldest first, out of the table in the caller's
 * transaction: whatever they cause commits with their removal, so each fires once. On PostgreSQL
 * rows another instance is taking are passed by.
 */
export async function takeDueReminders(trx: Tx, now: number, limit: number): Promise<Array<{ bookingId: number; businessId: number }>> {
  const query = trx
    .selectFrom('booking_reminders')
    .select(['booking_id', 'business_id'])
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .orderBy('booking_id')
    .limit(limit);
  const rows = await lockingRows(trx, query, 'skip locked').execute();
  if (rows.length === 0) return [];
  await trx
    .deleteFrom('booking_reminders')
    .where(
      'booking_id',
      'in',
      rows.map((r) => r.booking_id),
    )
    .execute();
  return rows.map((r) => ({ bookingId: r.booking_id, businessId: r.business_id }));
}

/** When the booking's reminder is due, if it has one still to come. */
export async function reminderOf(db: Db | Tx, bookingId: number): Promise<number | undefined> {
  const row = await db.selectFrom('booking_reminders').select('due_at').where('booking_id', '=', bookingId).executeTakeFirst();
  return row?.due_at;
}
