import type { AuditEntryRow } from '../db/tables.ts';
import type { Db } from '../db/transaction.ts';

/** Which entries of a business: each field narrows, absent ones do not. `from`/`to` are instants (ms), `to` excluded. */
export interface AuditFilter {
  readonly actorKind?: string;
  readonly actorId?: number;
  readonly targetKind?: string;
  readonly targetId?: number;
  readonly action?: string;
  readonly from?: number;
  readonly to?: number;
}

/** A business's entries, or (null) the installation's own: people's accounts, the backups' settings. */
function filtered(db: Db, businessId: number | null, f: AuditFilter) {
  let q = db.selectFrom('audit_entries').where('business_id', businessId === null ? 'is' : '=', businessId);
  if (f.actorKind !== undefined) q = q.where('actor_kind', '=', f.actorKind as AuditEntryRow['actor_kind']);
  if (f.actorId !== undefined) q = q.where('actor_id', '=', f.actorId);
  if (f.targetKind !== undefined) q = q.where('target_kind', '=', f.targetKind);
  if (f.targetId !== undefined) q = q.where('target_id', '=', f.targetId);
  if (f.action !== undefined) q = q.where('action', '=', f.action);
  if (f.from !== undefined) q = q.where('at', '>=', f.from);
  if (f.to !== undefined) q = q.where('at', '<', f.to);
  return q;
}

/** One page of the entries, newest first. */
export async function listAuditEntries(db: Db, businessId: number | null, f: AuditFilter, page: { offset: number; limit: number }) {
  return filtered(db, businessId, f).selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
}

export async function countAuditEntries(db: Db, businessId: number | null, f: AuditFilter): Promise<number> {
  const row = await filtered(db, businessId, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
