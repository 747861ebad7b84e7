import { toIso } from '../clock.ts';
import type { ServiceRow } from '../db/tables.ts';

export function toServiceJson(row: ServiceRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    durationMinutes: row.duration_minutes,
    bufferBeforeMinutes: row.buffer_before_minutes,
    bufferAfterMinutes: row.buffer_after_minutes,
    /** In the currency's minor unit: 3500 with EUR is 35.00 €. */
    price: row.price,
    currency: row.currency,
    active: row.active === 1,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
