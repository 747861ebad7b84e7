import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { deleteAuditEntriesBefore } from './audit.repository.ts';

/** Entries deleted per transaction: each batch commits on its own, so the trail never holds a write lock long. */
export const RETENTION_BATCH = 1000;

const DAY_MS = 86_400_000;

/**
 * Deletes the audit entries older than `days` (the server's BOOKING_AUDIT_RETENTION_DAYS), oldest
 * first, `batch` a transaction until none is left; answers how many went.
 */
export async function forgetOldAuditEntries(
  deps: { readonly database: Database; readonly clock: Clock },
  days: number,
  batch = RETENTION_BATCH,
): Promise<number> {
  const before = deps.clock.now() - days * DAY_MS;
  let deleted = 0;
  for (;;) {
    const n = await deps.database.transaction((trx) => deleteAuditEntriesBefore(trx, before, batch));
    deleted += n;
    if (n < batch) return deleted;
  }
}
