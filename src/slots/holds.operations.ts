import holdCreateSchema from '../../schema/hold-create.ts';
import { idOf } from '../http/operations.ts';
import { integrationOperations } from '../auth/integration-auth.ts';
import { createHold, releaseHold, type HoldsDeps } from './holds.service.ts';

const operation = integrationOperations<HoldsDeps>();

/** Holds: a widget keeps a slot while the client types their name (bookings:write). */
export const holdOperations = [
  operation({
    operationId: 'createHold',
    method: 'POST',
    path: '/slots/holds',
    scope: 'bookings:write',
    summary: 'Hold a free slot for a few minutes',
    description:
      'The slot disappears from the slot lists of every other key and their bookings of it get 409 `slot_unavailable`, until `expiresAt` (5 minutes by default, `BOOKING_HOLD_MINUTES`) or until this key books it (POST /bookings with `holdId`) or releases it. Same rules as a booking: 409 `slot_unavailable`, `too_short_notice`, `beyond_horizon`. A key holds at most 3 slots at once (`BOOKING_MAX_ACTIVE_HOLDS`): one more is 409 `hold_limit_reached` until it books, releases or lets expire one of them. Holds are stored: they survive a restart, and the salon sees them on its calendar.',
    body: holdCreateSchema,
    success: { status: 201, schema: 'Hold' },
    errors: [
      404,
      {
        status: 409,
        description:
          '`slot_unavailable`, `too_short_notice` or `beyond_horizon`: the time cannot be held (the message says why); `hold_limit_reached`: this key already holds as many slots as it may at once (3 by default, `BOOKING_MAX_ACTIVE_HOLDS`).',
      },
    ],
    write: true,
    handle: ({ key, body, trx }, app) => createHold(trx, app, key, body),
  }),
  operation({
    operationId: 'releaseHold',
    method: 'DELETE',
    path: '/slots/holds/:id',
    scope: 'bookings:write',
    summary: 'Release a hold: the slot is free for everyone again',
    params: { id: idOf('Hold') },
    success: { status: 204 },
    errors: [404],
    write: true,
    handle: ({ key, params, trx }) => releaseHold(trx, key, params.id),
  }),
];
