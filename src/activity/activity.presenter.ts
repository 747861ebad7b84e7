import type { AuditEntryRow } from '../db/tables.ts';
import { toLocalIso } from '../time/local-time.ts';

/** One changed field: its values before and after, or `withheld` (a secret, or an erased client's). */
export interface FieldChange {
  readonly field: string;
  readonly before?: unknown;
  readonly after?: unknown;
  readonly withheld?: true;
}

export function changesOfRow(row: Pick<AuditEntryRow, 'changes'>): FieldChange[] {
  return Object.entries(JSON.parse(row.changes) as Record<string, [unknown, unknown] | null>).map(([field, values]) =>
    values === null ? { field, withheld: true } : { field, before: values[0], after: values[1] },
  );
}

/** An entry as the admin API gives it, its time in the salon's zone. */
export function toAuditJson(row: AuditEntryRow, zone: string) {
  return {
    id: row.id,
    at: toLocalIso(row.at, zone),
    actor: { kind: row.actor_kind, id: row.actor_id, name: row.actor_label },
    action: row.action,
    target: { kind: row.target_kind, id: row.target_id },
    changes: changesOfRow(row),
    requestId: row.request_id,
    address: row.address,
  };
}

export type AuditJson = ReturnType<typeof toAuditJson>;
