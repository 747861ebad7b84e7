import { toIso } from '../clock.ts';
import type { ClientRow } from '../db/tables.ts';

export function toClientJson(row: ClientRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** The data of client.created and client.updated. */
export function clientEventData(row: ClientRow) {
  return {
    clientId: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
