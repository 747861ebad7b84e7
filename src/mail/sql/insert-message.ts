import type { Insertable } from 'kysely';
import { pick, prepared } from '../../db/prepared.ts';
import type { MailMessagesTable } from '../../db/tables.ts';
import type { Tx } from '../../db/transaction.ts';
import { batchOrRun, type HeldId } from '../../db/write-batch.ts';

export type NewMessage = Omit<Insertable<MailMessagesTable>, 'id' | 'attempts' | 'lease_until' | 'sent_at'>;

const COLUMNS = [
  'business_id',
  'booking_id',
  'event_id',
  'kind',
  'recipient',
  'message_id',
  'data',
  'manage_token',
  'status',
  'due_at',
  'error',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof NewMessage>;

/** Compiled once: one runs in the transaction of every booking event. */
const insert = prepared<Required<NewMessage>>((qb, p) =>
  qb.insertInto('mail_messages').values({ ...pick(p, COLUMNS), attempts: 0, lease_until: null, sent_at: null }),
);

/**
 * A message for the queue, in the transaction of the change it tells of (held for the statement of
 * an open inOneStatement: src/db/write-batch.ts).
 */
export async function insertMessage(trx: Tx, message: Omit<NewMessage, 'event_id'> & { event_id?: number | HeldId | null }): Promise<void> {
  // A held event's id (HeldId) is a value only the batched statement reads (src/db/write-batch.ts).
  const values = { booking_id: null, event_id: null, manage_token: null, error: null, ...message } as Required<NewMessage>;
  const query = insert.compile(trx, values);
  if (!batchOrRun(trx, query)) await trx.executeQuery(query);
}
