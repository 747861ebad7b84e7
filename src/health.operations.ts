import { probeDatabase } from './db/settings.repository.ts';
import { AppError } from './http/errors.ts';
import { operations } from './http/operations.ts';
import { VERSION } from './version.ts';
import type { Clock } from './clock.ts';
import type { Db } from './db/transaction.ts';

const operation = operations<{ readonly db: Db; readonly clock: Clock; readonly startedAt: number }>();

/** GET /healthz, without a key: for supervisors and the status page. 503 when the database fails. */
export const HEALTH_OPERATIONS = [
  operation({
    operationId: 'health',
    method: 'GET',
    path: '',
    public: true,
    summary: 'Is the server up and its database readable',
    success: { status: 200, schema: 'Health' },
    handle: async (_, app) => {
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
      };
    },
  }),
];
