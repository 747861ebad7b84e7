import { BUSINESS, BUSINESS_ID } from '../businesses/business-param.ts';
import { idOf, operations } from '../http/operations.ts';
import { listBusinessHolds, releaseBusinessHold, type SalonHoldsDeps } from './salon-holds.service.ts';

const operation = operations<SalonHoldsDeps>();

const params = { businessId: BUSINESS_ID };

/** The salon sees the times API keys hold (a client at the website, mid-booking) and may let one go. */
export const holdAdminOperations = [
  operation({
    operationId: 'adminListHolds',
    access: 'desk',
    method: 'GET',
    path: `${BUSINESS}/holds`,
    summary: 'Times API keys hold now, by start time, with who holds each and until when',
    description:
      'Live holds only (`expiresAt` still ahead). While one lasts, other keys cannot book the time and the salon books it only with `overrideHold` (POST …/bookings).',
    params,
    success: { status: 200, schema: 'AdminHoldList' },
    handle: ({ params }, app) => listBusinessHolds(app, params.businessId),
  }),
  operation({
    operationId: 'adminReleaseHold',
    access: 'desk',
    method: 'DELETE',
    path: `${BUSINESS}/holds/:id`,
    summary: 'Release a hold: the time is free for everyone again',
    description: 'The key that held it then gets 404 when it books with its `holdId`, as for a hold it released itself.',
    params: { ...params, id: idOf('Hold') },
    success: { status: 204 },
    write: true,
    handle: ({ params, trx }) => releaseBusinessHold(trx, params.businessId, params.id),
  }),
];
