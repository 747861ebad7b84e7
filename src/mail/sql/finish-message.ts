import type { MailStatus } from '../../db/tables.ts';
import type { Tx } from '../../db/transaction.ts';

/** How one attempt ended: sent, or given up (`failed`), or to be tried again at `dueAt`. */
export type Finish =
  | { readonly status: Extract<MailStatus, 'sent' | 'failed'>; readonly error: string | null }
  | { readonly status: 'pending'; readonly error: string; readonly dueAt: number };

/**
 * Records an attempt of a message still pending (one finished meanwhile is left alone): one more
 * attempt, its lease released; a finished message forgets its manage token.
 */
export async function finishMessage(trx: Tx, id: number, finish: Finish, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('mail_messages')
    .set((eb) => ({
      status: finish.status,
      error: finish.error,
      attempts: eb('attempts', '+', 1),
      lease_until: null,
      updated_at: now,
      ...(finish.status === 'pending' ? { due_at: finish.dueAt } : { manage_token: null }),
      ...(finish.status === 'sent' ? { sent_at: now } : {}),
    }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
