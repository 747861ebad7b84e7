import type { Tx } from '../../db/transaction.ts';

export async function insertDelivery(
  trx: Tx,
  delivery: { deliveryId: string; webhookId: number; eventId: number | null; event: string; body: string },
  now: number,
): Promise<number> {
  const { id } = await trx
    .insertInto('deliveries')
    .values({
      delivery_id: delivery.deliveryId,
      webhook_id: delivery.webhookId,
      event_id: delivery.eventId,
      event: delivery.event,
      body: delivery.body,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
