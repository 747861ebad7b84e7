import { operations } from '../http/operations.ts';
import type { Reachability } from './reachability.ts';

const operation = operations<{ readonly reachability: Reachability }>();

/**
 * GET /.well-known/booking-api, without a key: which installation this is, so that the server can
 * tell whether its public address leads back to it (Settings). The id is random and says nothing
 * else; no version, no salon.
 */
export const IDENTITY_OPERATIONS = [
  operation({
    operationId: 'identity',
    method: 'GET',
    path: '',
    public: true,
    summary: 'Which booking-api installation answers here',
    success: { status: 200, schema: 'Identity' },
    handle: (_, app) => ({ service: 'booking-api', instance: app.reachability.installationId }),
  }),
];
