import servicesQuerySchema from '../../schema/services-query.ts';
import { errors } from '../http/errors.ts';
import { idOf } from '../http/operations.ts';
import { integrationOperations } from '../auth/integration-auth.ts';
import { toServiceJson } from './service.presenter.ts';
import { findService } from './services.repository.ts';
import type { Db } from '../db/transaction.ts';
import type { ServiceCatalog } from './service-catalog.ts';

const operation = integrationOperations<{ readonly db: Db; readonly catalog: ServiceCatalog }>();

/** The service catalog of the key's business (services:read). */
export const serviceOperations = [
  operation({
    operationId: 'listServices',
    method: 'GET',
    path: '/services',
    scope: 'services:read',
    summary: 'The service catalog',
    query: servicesQuerySchema,
    success: { status: 200, schema: 'ServiceList' },
    // The catalog keeps each business's list serialised: the text goes out as it is.
    handle: async ({ key, query, ctx }, app) => {
      ctx.type = 'application/json; charset=utf-8';
      return app.catalog.json(key.businessId, query.active);
    },
  }),
  operation({
    operationId: 'getService',
    method: 'GET',
    path: '/services/:id',
    scope: 'services:read',
    summary: 'One service',
    params: { id: idOf('Service') },
    success: { status: 200, schema: 'Service' },
    errors: [404],
    handle: async ({ key, params }, app) => {
      const row = await findService(app.db, key.businessId, params.id);
      if (!row) throw errors.notFound('Service');
      return toServiceJson(row);
    },
  }),
];
