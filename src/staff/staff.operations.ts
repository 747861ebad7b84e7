import { errors } from '../http/errors.ts';
import { idOf } from '../http/operations.ts';
import { integrationOperations } from '../auth/integration-auth.ts';
import { publicStaffList } from './staff.service.ts';
import type { Db } from '../db/transaction.ts';

const operation = integrationOperations<{ readonly db: Db }>();

/** The key's business's staff (staff:read): names, titles and services; nothing private. */
export const staffOperations = [
  operation({
    operationId: 'listStaff',
    method: 'GET',
    path: '/staff',
    scope: 'staff:read',
    summary: 'Staff with the services each performs',
    success: { status: 200, schema: 'StaffList' },
    handle: ({ key }, app) => publicStaffList(app, key.businessId),
  }),
  operation({
    operationId: 'getStaffMember',
    method: 'GET',
    path: '/staff/:id',
    scope: 'staff:read',
    summary: 'One staff member',
    params: { id: idOf('Staff member') },
    success: { status: 200, schema: 'Staff' },
    errors: [404],
    handle: async ({ key, params }, app) => {
      const member = (await publicStaffList(app, key.businessId)).data.find((s) => s.id === params.id);
      if (!member) throw errors.notFound('Staff member');
      return member;
    },
  }),
];
