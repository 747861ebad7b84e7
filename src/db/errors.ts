/** What a storage failure means for a request, decided here so SQLite error codes stay in src/db. */
export type StorageFailure = 'full' | 'busy' | 'readonly';

export function storageFailureOf(error: unknown): StorageFailure | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return undefined;
  if (code === 'SQLITE_FULL') return 'full';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
  if (code.startsWith('SQLITE_READONLY')) return 'readonly';
  return undefined;
}

/** True when an INSERT or UPDATE broke a UNIQUE constraint. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** True when the database refused a second live booking of one staff member at overlapping times. */
export function isSlotConflict(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return typeof e?.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT') && e.message === 'slot_unavailable';
}
