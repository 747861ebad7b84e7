import { probeDatabase } from './db/settings.repository.ts';
import { AppError } from './http/errors.ts';
import { operations } from './http/operations.ts';
import { VERSION } from './version.ts';
import type { Clock } from './clock.ts';
import type { Db } from './db/transaction.ts';

/** What /healthz adds for the admin (the token in Authorization): whether backups are well. */
export interface BackupHealth {
  readonly state: 'ok' | 'warning';
  readonly warnings: readonly { readonly code: string; readonly message: string }[];
  readonly lastGoodAt: string | null;
  readonly lastGoodBytes: number | null;
  readonly folder: string;
}

const operation = operations<{
  readonly db: Db;
  readonly clock: Clock;
  readonly startedAt: number;
  readonly backupHealth: () => Promise<BackupHealth>;
}>();

/**
 * GET /healthz, without a key: for supervisors and the status page. 503 when the database fails.
 * With the admin token (its guard, `adminIfPresent`, checks one only when it is sent) it also says
 * how backups are, for monitoring that alerts on more than "up".
 */
export const HEALTH_OPERATIONS = [
  operation({
    operationId: 'health',
    method: 'GET',
    path: '',
    summary: 'Is the server up and its database readable; with the admin token, are backups well',
    success: { status: 200, schema: 'Health' },
    handle: async ({ ctx }, app) => {
      try {
        await probeDatabase(app.db);
      } catch {
        throw new AppError(503, 'storage_unavailable', 'The database cannot be read.');
      }
      return {
        status: 'ok',
        version: VERSION,
        startedAt: new Date(app.startedAt).toISOString(),
        uptimeSeconds: Math.floor((app.clock.now() - app.startedAt) / 1000),
        ...(ctx.state.admin ? { backup: await app.backupHealth() } : {}),
      };
    },
  }),
];
