/** A problem a salon owner can fix (wrong folder, no permission, a database that cannot be reached), reported as one line. */
export class StorageSetupError extends Error {}

/** A backup or restore that cannot go ahead, said in one line a salon owner can act on. */
export class BackupError extends Error {}

/** What a storage failure means for a request, decided here so engine error codes stay in src/db. */
export type StorageFailure = 'full' | 'busy' | 'readonly' | 'unavailable';

/** Node's socket errors and pg's own words when the connection to PostgreSQL is gone or cannot be made. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const CONNECTION_MESSAGES =
  /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|Cannot use a pool after calling end/i;
/**
 * pg-pool's words when every connection of the pool stayed in use for the whole connection timeout:
 * the database answers, this server has more requests in flight than connections (a new
 * connection that cannot be opened in time says "Connection terminated due to connection timeout").
 */
const POOL_EXHAUSTED = 'timeout exceeded when trying to connect';

export function storageFailureOf(error: unknown): StorageFailure | undefined {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = e?.code;
  if (typeof code === 'string' && code.startsWith('SQLITE_')) {
    if (code === 'SQLITE_FULL') return 'full';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
    if (code.startsWith('SQLITE_READONLY')) return 'readonly';
    return undefined;
  }
  if (typeof code === 'string') {
    if (CONNECTION_CODES.has(code)) return 'unavailable';
    // PostgreSQL's SQLSTATE: connection exceptions, shutting down, cannot connect now, too many connections.
    if (code.startsWith('08') || code.startsWith('57P') || code === '53300') return 'unavailable';
    if (code === '53100') return 'full';
    // Serialization failure, deadlock, lock not available.
    if (code === '40001' || code === '40P01' || code === '55P03') return 'busy';
    if (code === '25006') return 'readonly';
  }
  if (e?.message === POOL_EXHAUSTED) return 'busy';
  if (typeof e?.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return 'unavailable';
  return undefined;
}

/** True when an INSERT or UPDATE broke a UNIQUE constraint. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** True when the database refused a second live booking of one staff member at overlapping times. */
export function isSlotConflict(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; constraint?: unknown } | null;
  // PostgreSQL: the exclusion constraint (booking against booking) or the holds' triggers (migration 0007).
  if (e?.code === '23P01' && (e.constraint === 'bookings_slot_unavailable' || e.message === 'slot_unavailable')) return true;
  return typeof e?.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT') && e.message === 'slot_unavailable';
}
