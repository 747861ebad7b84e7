import type { AuditEntryRow } from '../db/tables.ts';
import { toLocalIso } from '../time/local-time.ts';

/** One changed field: its values before and after, or `withheld` (a secret, or an erased client's). */
export interface FieldChange {
  readonly field: string;
  readonly before?: unknown;
  readonly after?: unknown;
  readonly withheld?: true;
}

/**
 * Fields only the system sets, never a change anyone made: the thing's own id, when it was made
 * or last changed, a version counter, when it was last used, and what the server works out from
 * the rest (the booking page's address, its QR code). The trail keeps them as written (older entries
 * have `createdAt`); who reads the trail (the page, the CSV, programs) does not see them.
 */
const SYSTEM_SET = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'created_at',
  'updated_at',
  'version',
  'logoVersion',
  'lastUsedAt',
  'lastTriggeredAt',
  'consecutiveFailures',
  'localeChosen',
  'configured',
  'publicUrlSet',
  'pageUrl',
  'embedLine',
  'qrCodeSvg',
  'createdBy',
]);

export function changesOfRow(row: Pick<AuditEntryRow, 'changes'>): FieldChange[] {
  return Object.entries(JSON.parse(row.changes) as Record<string, [unknown, unknown] | null>)
    .filter(([field]) => !SYSTEM_SET.has(field))
    .map(([field, values]) => (values === null ? { field, withheld: true } : { field, before: values[0], after: values[1] }));
}

/** The booking an entry is about (a booking's own, a payment's or a refund's), as it is now. */
export interface BookingAbout {
  readonly id: number;
  readonly client: string | null;
  readonly services: readonly string[];
  readonly staff: string | null;
  readonly startTime: string;
}

/** An entry as the admin API gives it, its time in the salon's zone, and the booking it is about when there is one. */
export function toAuditJson(row: AuditEntryRow, zone: string, booking?: BookingAbout) {
  return {
    id: row.id,
    at: toLocalIso(row.at, zone),
    actor: { kind: row.actor_kind, id: row.actor_id, name: row.actor_label },
    action: row.action,
    target: { kind: row.target_kind, id: row.target_id },
    changes: changesOfRow(row),
    requestId: row.request_id,
    address: row.address,
    ...(booking ? { booking } : {}),
  };
}

export type AuditJson = ReturnType<typeof toAuditJson>;
