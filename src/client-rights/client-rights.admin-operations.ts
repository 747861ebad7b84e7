import { BUSINESS, BUSINESS_ID } from '../businesses/business-param.ts';
import type { ClientsDeps } from '../clients/clients.service.ts';
import { idOf, operations } from '../http/operations.ts';
import { type ErasureDeps, eraseClient } from './client-erasure.ts';
import { exportClient } from './client-export.ts';

const operation = operations<ClientsDeps & ErasureDeps>();

const one = { businessId: BUSINESS_ID, id: idOf('Client') };

/** A client's rights over their data (GDPR articles 15 and 17): see it all, have it erased. */
export const clientRightsAdminOperations = [
  operation({
    operationId: 'adminExportClient',
    access: 'owner',
    method: 'GET',
    path: `${BUSINESS}/clients/:id/export`,
    summary: 'Everything held about a client, as one JSON document (their right of access)',
    description:
      'The client record, every booking as booked and its history (events, where they were sent, the messages they caused), payments and refunds, reviews, the messages sent to them, their manage links (when each was issued, never the link) and reminders still to come.',
    params: one,
    success: { status: 200, schema: 'ClientExport' },
    handle: ({ params }, app) => exportClient(app, params.businessId, params.id),
  }),
  operation({
    operationId: 'adminEraseClient',
    access: 'owner',
    method: 'POST',
    path: `${BUSINESS}/clients/:id/erase`,
    summary: "Erase a client's personal data (their right to erasure); visits and payments stay as the salon's records",
    description:
      'The record becomes "Erased client" without e-mail, phone or notes; every copy loses them too (bookings\' details as booked and notes, reviews\' names and comments, the mail log, events, webhook deliveries); manage links end, messages still waiting are not sent. Fires `client.updated` naming the fields, with `erased: true`. Erasing again changes nothing and fires nothing.',
    params: one,
    success: { status: 200, schema: 'Client' },
    errors: [{ status: 409, description: '`client_has_coming_visits`: cancel their visits still to come first.' }],
    write: true,
    handle: ({ params, trx }, app) => eraseClient(trx, app, params.businessId, params.id),
  }),
];
