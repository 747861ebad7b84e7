import businessCreateSchema from '../../schema/business-create.ts';
import businessUpdateSchema from '../../schema/business-update.ts';
import { BUSINESS, BUSINESS_ID } from './business-param.ts';
import { operations } from '../http/operations.ts';
import { allBusinesses, changeBusiness, createBusiness, getBusiness } from './businesses.service.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/transaction.ts';

const operation = operations<{ readonly db: Db; readonly clock: Clock }>();

export const businessAdminOperations = [
  operation({
    operationId: 'adminListBusinesses',
    access: 'team',
    method: 'GET',
    path: '/businesses',
    summary: 'Every business of this installation (a stylist: the one they work at)',
    success: { status: 200, schema: 'AdminBusinessList' },
    handle: async ({ ctx }, app) => {
      const person = ctx.state.person;
      const all = await allBusinesses(app.db);
      const data = person?.role === 'stylist' ? all.filter((business) => business.id === person.businessId) : all;
      return { data, total: data.length };
    },
  }),
  operation({
    operationId: 'adminCreateBusiness',
    access: 'owner',
    method: 'POST',
    path: '/businesses',
    summary: 'Add a business',
    body: businessCreateSchema,
    success: { status: 201, schema: 'AdminBusiness' },
    // createBusiness also serves the CLI, so it validates (and fills defaults) itself as well.
    write: true,
    handle: ({ body, trx }, app) => createBusiness(trx, app.clock, body),
  }),
  operation({
    operationId: 'adminGetBusiness',
    access: 'team',
    method: 'GET',
    path: BUSINESS,
    summary: 'One business',
    params: { businessId: BUSINESS_ID },
    success: { status: 200, schema: 'AdminBusiness' },
    handle: ({ params }, app) => getBusiness(app.db, params.businessId),
  }),
  operation({
    operationId: 'adminUpdateBusiness',
    access: 'owner',
    method: 'PATCH',
    path: BUSINESS,
    summary: 'Change a business: name, contact, time zone, hours, booking rules',
    params: { businessId: BUSINESS_ID },
    body: businessUpdateSchema,
    success: { status: 200, schema: 'AdminBusiness' },
    write: true,
    handle: ({ params, body, trx }, app) => changeBusiness(trx, app.clock, params.businessId, body),
  }),
];
