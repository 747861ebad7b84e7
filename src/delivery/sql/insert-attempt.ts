import type { Tx } from '../../db/transaction.ts';
import type { AttemptTrigger } from '../../db/tables.ts';
import { prepared } from '../../db/prepared.ts';

interface AttemptValues extends Record<string, unknown> {
  deliveryPk: number;
  webhookId: number;
  attemptNumber: number;
  trigger: AttemptTrigger;
  dueAt: number;
  now: number;
}

const insert = prepared<AttemptValues, { id: number }>((qb, p) =>
  qb
    .insertInto('delivery_attempts')
    .values({
      delivery_pk: p.deliveryPk,
      webhook_id: p.webhookId,
      attempt_number: p.attemptNumber,
      status: 'pending',
      trigger: p.trigger,
      due_at: p.dueAt,
      lease_until: null,
      sent_at: null,
      response_status_code: null,
      response_time_ms: null,
      error_message: null,
      response_excerpt: null,
      created_at: p.now,
      updated_at: p.now,
    })
    .returning('id'),
);

export async function insertAttempt(
  trx: Tx,
  attempt: { deliveryPk: number; webhookId: number; attemptNumber: number; trigger: AttemptTrigger; dueAt: number },
  now: number,
): Promise<number> {
  const { rows } = await insert(trx, { ...attempt, now });
  return rows[0]!.id;
}

/** Many attempts in one statement (a recovery's batch): each due when it says, pending. */
export async function insertAttempts(
  trx: Tx,
  attempts: ReadonlyArray<{ deliveryPk: number; webhookId: number; attemptNumber: number; trigger: AttemptTrigger; dueAt: number }>,
  now: number,
): Promise<void> {
  if (attempts.length === 0) return;
  await trx
    .insertInto('delivery_attempts')
    .values(
      attempts.map((a) => ({
        delivery_pk: a.deliveryPk,
        webhook_id: a.webhookId,
        attempt_number: a.attemptNumber,
        status: 'pending' as const,
        trigger: a.trigger,
        due_at: a.dueAt,
        lease_until: null,
        sent_at: null,
        response_status_code: null,
        response_time_ms: null,
        error_message: null,
        response_excerpt: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
