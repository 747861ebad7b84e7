import type { Tx } from '../../db/transaction.ts';
import type { AttemptTrigger } from '../../db/tables.ts';

export async function insertAttempt(
  trx: Tx,
  attempt: { deliveryPk: number; webhookId: number; attemptNumber: number; trigger: AttemptTrigger; dueAt: number },
  now: number,
): Promise<number> {
  const { id } = await trx
    .insertInto('delivery_attempts')
    .values({
      delivery_pk: attempt.deliveryPk,
      webhook_id: attempt.webhookId,
      attempt_number: attempt.attemptNumber,
      status: 'pending',
      trigger: attempt.trigger,
      due_at: attempt.dueAt,
      lease_until: null,
      sent_at: null,
      response_status_code: null,
      response_time_ms: null,
      error_message: null,
      response_excerpt: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
