import type { Tx } from '../../db/transaction.ts';
import { prepared } from '../../db/prepared.ts';

interface DeliveryValues extends Record<string, unknown> {
  deliveryId: string;
  webhookId: number;
  eventId: number | null;
  event: string;
  body: string;
  now: number;
}

const insert = prepared<DeliveryValues, { id: number }>((qb, p) =>
  qb
    .insertInto('deliveries')
    .values({
      delivery_id: p.deliveryId,
      webhook_id: p.webhookId,
      event_id: p.eventId,
      event: p.event,
      body: p.body,
      created_at: p.now,
    })
    .returning('id'),
);

export async function insertDelivery(
  trx: Tx,
  delivery: { deliveryId: string; webhookId: number; eventId: number | null; event: string; body: string },
  now: number,
): Promise<number> {
  const { rows } = await insert(trx, { ...delivery, now });
  return rows[0]!.id;
}
