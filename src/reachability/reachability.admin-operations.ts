import { operations } from '../http/operations.ts';
import type { Reachability } from './reachability.ts';
import { toReachabilityJson } from './reachability.presenter.ts';

const operation = operations<{ readonly reachability: Reachability }>();

/** Settings: is the booking page reachable from outside at the public address (BOOKING_PUBLIC_URL)? */
export const reachabilityAdminOperations = [
  operation({
    operationId: 'adminGetReachability',
    access: 'owner',
    method: 'GET',
    path: '/reachability',
    summary: 'Whether the public address leads to this server: the last check, started again in the background when over a minute old',
    success: { status: 200, schema: 'Reachability' },
    handle: (_, app) => toReachabilityJson(app.reachability.view()),
  }),
  operation({
    operationId: 'adminCheckReachability',
    access: 'owner',
    method: 'POST',
    path: '/reachability/check',
    summary: 'Check the public address again now, in the background; answers at once with `checking` true',
    success: { status: 202, schema: 'Reachability' },
    handle: (_, app) => toReachabilityJson(app.reachability.view(true)),
  }),
];
