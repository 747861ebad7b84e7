import type { Tx } from '../../db/transaction.ts';
import { prepared } from '../../db/prepared.ts';

const insert = prepared<{ businessId: number; event: string; data: string; now: number }, { id: number }>((qb, p) =>
  qb.insertInto('events').values({ business_id: p.businessId, event: p.event, data: p.data, created_at: p.now }).returning('id'),
);

/** The outbox's record of what happened, whether or not any webhook hears it. */
export async function insertEvent(trx: Tx, businessId: number, event: string, data: unknown, now: number): Promise<number> {
  const { rows } = await insert(trx, { businessId, event, data: JSON.stringify(data), now });
  return rows[0]!.id;
}
