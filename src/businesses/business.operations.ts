import { integrationOperations } from '../auth/integration-auth.ts';
import { getBusiness } from './businesses.service.ts';
import type { Db } from '../db/transaction.ts';

const operation = integrationOperations<{ readonly db: Db }>();

/** GET /business (business:read): name, address, contact, time zone, opening hours. */
export const businessOperations = [
  operation({
    operationId: 'getBusiness',
    method: 'GET',
    path: '/business',
    scope: 'business:read',
    summary: 'The business: name, address, time zone, working hours',
    success: { status: 200, schema: 'Business' },
    handle: async ({ key }, app) => {
      // What the salon set for its own clients' e-mails and manage page, and its own pages' language, is the salon's business.
      const {
        createdAt: _c,
        updatedAt: _u,
        reminderLeadMinutes: _r,
        cancelCutoffMinutes: _x,
        deskContactRequired: _d,
        phoneCountry: _p,
        locale: _l,
        ...business
      } = await getBusiness(app.db, key.businessId);
      return business;
    },
  }),
];
