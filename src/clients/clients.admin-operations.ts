import clientCreateSchema from '../../schema/client-create.ts';
import clientImportSchema from '../../schema/client-import.ts';
import clientUpdateSchema from '../../schema/client-update.ts';
import clientsQuerySchema from '../../schema/clients-query.ts';
import { BUSINESS, BUSINESS_ID } from '../businesses/business-param.ts';
import { idOf, operations } from '../http/operations.ts';
import { importClients } from './client-import.ts';
import { adminClient, adminClients, changeClient, clientEmailWorks, createClient, type ClientsDeps } from './clients.service.ts';

const operation = operations<ClientsDeps>();

const params = { businessId: BUSINESS_ID };
const one = { ...params, id: idOf('Client') };

export const clientAdminOperations = [
  operation({
    operationId: 'adminListClients',
    access: 'desk',
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
    access: 'desk',
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
    access: 'desk',
    method: 'GET',
    path: `${BUSINESS}/clients/:id`,
    summary: 'One client',
    params: one,
    success: { status: 200, schema: 'Client' },
    handle: ({ params }, app) => adminClient(app, params.businessId, params.id),
  }),
  operation({
    operationId: 'adminUpdateClient',
    access: 'desk',
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
  operation({
    operationId: 'adminImportClients',
    access: 'owner',
    method: 'POST',
    path: `${BUSINESS}/clients/import`,
    summary: 'Import clients from a file’s rows: what would happen, or (apply) all of it at once',
    description:
      'Each row (name, email, phone, notes: what the page read from a CSV file) becomes a new client, is merged into the client with its e-mail address (or with its phone and name), adding what the record lacks and never overwriting, or is refused with a reason (no name, not an e-mail address or phone number, the same client as an earlier row). Without `apply` nothing changes; with it, every new and merged row is written in one transaction (client.created, client.updated), refused rows are left out.',
    params,
    body: clientImportSchema,
    success: { status: 200, schema: 'ClientImport' },
    write: true,
    handle: ({ params, body, trx }, app) => importClients(trx, app, params.businessId, body),
  }),
  operation({
    operationId: 'adminClientEmailWorks',
    access: 'desk',
    method: 'POST',
    path: `${BUSINESS}/clients/:id/email-works`,
    summary: "Say the client's e-mail address works again after its mail server refused it: e-mails go to it again",
    params: one,
    success: { status: 200, schema: 'Client' },
    errors: [{ status: 409, description: '`no_email`: the client has no e-mail address.' }],
    write: true,
    handle: ({ params, trx }, app) => clientEmailWorks(trx, app, params.businessId, params.id),
  }),
];
