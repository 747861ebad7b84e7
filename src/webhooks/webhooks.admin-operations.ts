import { BUSINESS, BUSINESS_ID } from '../businesses/business-param.ts';
import { idOf, type Operation, operations } from '../http/operations.ts';
import { oneWebhookOperations, type WebhooksApp } from './webhooks.operations.ts';
import { listWebhooks } from './webhooks.service.ts';
import { leaveSwitchedOff, switchedOffWebhooks } from './switched-off.ts';

const operation = operations<WebhooksApp>();

/** Every webhook of a business, whichever key made it, for the status page; and those switched off that the salon is told about. */
export const webhookAdminOperations: Operation<WebhooksApp>[] = [
  operation({
    operationId: 'adminListWebhooks',
    access: 'owner',
    method: 'GET',
    path: `${BUSINESS}/webhooks`,
    summary: 'Every webhook of a business, whichever key made it',
    params: { businessId: BUSINESS_ID },
    success: { status: 200, schema: 'WebhookList' },
    handle: ({ params }, app) => listWebhooks(app, { businessId: params.businessId }),
  }),
  operation({
    operationId: 'adminListSwitchedOffWebhooks',
    access: 'owner',
    method: 'GET',
    path: `${BUSINESS}/webhooks/switched-off`,
    summary: 'Connections switched off after their failures that nobody has acted on yet',
    description:
      'Each webhook switched off after its failures, with the last error, until it is switched back on (PATCH status "active") or left off (leave-switched-off): what the overview tells the salon.',
    params: { businessId: BUSINESS_ID },
    success: { status: 200, schema: 'SwitchedOffWebhookList' },
    handle: ({ params }, app) => switchedOffWebhooks(app.db, params.businessId),
  }),
  operation({
    operationId: 'adminLeaveWebhookSwitchedOff',
    access: 'owner',
    method: 'POST',
    path: `${BUSINESS}/webhooks/:id/leave-switched-off`,
    summary: 'Leave a switched-off webhook off: the overview stops telling about it',
    params: { businessId: BUSINESS_ID, id: idOf('Webhook') },
    success: { status: 200, schema: 'Webhook' },
    errors: [404, 409],
    write: true,
    handle: ({ params, trx }, app) => leaveSwitchedOff(trx, app, params.businessId, params.id),
  }),
  ...oneWebhookOperations({
    base: `${BUSINESS}/webhooks`,
    idPrefix: 'admin',
    params: { businessId: BUSINESS_ID },
    owner: ({ params }) => ({ businessId: params.businessId as number }),
  }).map((op) => ({ ...op, access: 'owner' as const })),
];
