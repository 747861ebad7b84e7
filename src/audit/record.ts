import type { Db } from '../db/transaction.ts';
import { SYSTEM, type Actor, writerOf } from '../db/writer.ts';
import { insertAuditEntries } from './audit.repository.ts';

/** A changed thing as the trail names it: `{ kind: 'booking', id: 12 }`. */
export interface AuditTarget {
  readonly kind: string;
  readonly id: number | null;
}

/** One change, as a service reports it in the transaction that makes it. */
export interface AuditChange {
  /** The business it belongs to; null for the server's own settings (backups). */
  readonly businessId: number | null;
  /** What was done, `<target kind>.<verb>`: `service.updated`, `booking.cancelled`. */
  readonly action: string;
  readonly target: AuditTarget;
  /** The fields before the change (null or absent for something new)… */
  readonly before?: Readonly<Record<string, unknown>> | null;
  /** …and after it (null or absent for something removed). Only the fields that differ are kept. */
  readonly after?: Readonly<Record<string, unknown>> | null;
  /** Fields whose values are never kept, only that they changed (besides SECRET below). */
  readonly secret?: readonly string[];
  /** Who, when the transaction's writer is not the one (a job acting for itself names itself). */
  readonly actor?: Actor;
  /** When, for a job's change (a request's is the time its transaction began). */
  readonly at?: number;
}

/** Field names whose values the trail never keeps: secrets, tokens, passwords, hashes of them. */
const SECRET = /secret|token|password|hash|^key$|apikey|credential/i;

/** Fields that change with every change and say nothing of it. */
const UNTOLD = /^updated_?at$/i;

/** What changed: `{field: [before, after]}`, a secret field `{field: null}` (it changed; no values). */
export function changesOf(change: Pick<AuditChange, 'before' | 'after' | 'secret'>): Record<string, unknown> {
  const before = change.before ?? {};
  const after = change.after ?? {};
  const hidden = new Set(change.secret ?? []);
  const changes: Record<string, unknown> = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    // Nothing and an empty text are the same to the reader: a new client without notes changed none.
    const was = before[field] ?? null;
    const is = after[field] ?? null;
    if ((was === null || was === '') && (is === null || is === '')) continue;
    if (UNTOLD.test(field) || JSON.stringify(was) === JSON.stringify(is)) continue;
    changes[field] = hidden.has(field) || SECRET.test(field) ? null : [was, is];
  }
  return changes;
}

/**
 * Records `change` in the audit trail, in `trx` (so it commits or rolls back with the change),
 * with who, where from and when as the transaction's writer says (the mount names a request's;
 * a transaction nobody named is the system's).
 */
export async function recordAudit(trx: Db, change: AuditChange): Promise<void> {
  await recordAudits(trx, [change]);
}

/** Records several changes of `trx` as recordAudit does, in their order and in one statement. */
export async function recordAudits(trx: Db, changes: readonly AuditChange[]): Promise<void> {
  const writer = writerOf(trx);
  await insertAuditEntries(
    trx,
    changes.map((change) => {
      const actor = change.actor ?? writer?.actor ?? SYSTEM;
      return {
        business_id: change.businessId,
        // A transaction no request, job or command named has no clock to read (the demo's set-up):
        // the wall clock is the one it runs on.
        at: change.at ?? writer?.at ?? Date.now(),
        actor_kind: actor.kind,
        actor_id: actor.id,
        actor_label: actor.label,
        action: change.action,
        target_kind: change.target.kind,
        target_id: change.target.id,
        changes: JSON.stringify(changesOf(change)),
        request_id: writer?.requestId ?? null,
        address: writer?.address ?? null,
      };
    }),
  );
}

/** Records `change` with `after` as what it left, and gives `after` back: `return recorded(trx, {…}, view)`. */
export async function recorded<T>(trx: Db, change: Omit<AuditChange, 'after'>, after: T): Promise<T> {
  await recordAudit(trx, { ...change, after: after as Record<string, unknown> });
  return after;
}
