import type { Insertable } from 'kysely';
import type { MailMessagesTable } from '../../db/tables.ts';
import type { Tx } from '../../db/transaction.ts';

export type NewMessage = Omit<Insertable<MailMessagesTable>, 'id' | 'attempts' | 'lease_until' | 'sent_at'>;

/** A message for the queue, in the transaction of the change it tells of. */
export async function insertMessage(trx: Tx, message: NewMessage): Promise<number> {
  const { id } = await trx
    .insertInto('mail_messages')
    .values({ ...message, attempts: 0, lease_until: null, sent_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
