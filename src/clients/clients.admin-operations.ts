import clientCreateSchema from '../../schema/client-create.ts';
import clientUpdateSchema from '../../schema/client-update.ts';
import clientsQuerySchema from '../../schema/clients-query.ts';
import { BUSINESS, BUSINESS_ID } from '../businesses/business-param.ts';
import { idOf, operations } from '../http/operations.ts';
import { adminClient, adminClients, changeClient, createClient, type ClientsDeps } from './clients.service.ts';

const operation = operations<ClientsDeps>();

const params = { businessId: BUSINESS_ID };
const one = { ...params, id: idOf('Client') };

export const clientAdminOperations = [
  operation({
    operationId: 'adminListClients',
    method: 'GET',
    path: `${BUSINESS}/clients`,
    summary: 'Clients, with a search over name, e-mail and phone',
    params,
    query: clientsQuerySchema,
    success: { status: 200, schema: 'ClientList' },
    handle: ({ params, query }, app) => adminClients(app, params.businessId, query),
  }),
  operation({
    operationId: 'adminCreateClient',
    method: 'POST',
    path: `${BUSINESS}/clients`,
    summary: 'Add a client',
    params,
    body: clientCreateSchema,
    success: { status: 201, schema: 'Client' },
    errors: [409],
    write: true,
    handle: ({ params, body, trx }, app) => createClient(trx, app, params.businessId, body),
  }),
  operation({
    operationId: 'adminGetClient',
    method: 'GET',
    path: `${BUSINESS}/clients/:id`,
    summary: 'One client',
    params: one,
    success: { status: 200, schema: 'Client' },
    handle: ({ params }, app) => adminClient(app, params.businessId, params.id),
  }),
  operation({
    operationId: 'adminUpdateClient',
    method: 'PATCH',
    path: `${BUSINESS}/clients/:id`,
    summary: 'Change a client',
    params: one,
    body: clientUpdateSchema,
    success: { status: 200, schema: 'Client' },
    errors: [409],
    write: true,
    handle: ({ params, body, trx }, app) => changeClient(trx, app, params.businessId, params.id, body),
  }),
];
