import { BUSINESS, BUSINESS_ID } from '../businesses/business-param.ts';
import { type Operation, operations } from '../http/operations.ts';
import { oneWebhookOperations, type WebhooksApp } from './webhooks.operations.ts';
import { listWebhooks } from './webhooks.service.ts';

const operation = operations<WebhooksApp>();

/** Every webhook of a business, whichever key made it, for the status page. */
export const webhookAdminOperations: Operation<WebhooksApp>[] = [
  operation({
    operationId: 'adminListWebhooks',
    method: 'GET',
    path: `${BUSINESS}/webhooks`,
    summary: 'Every webhook of a business, whichever key made it',
    params: { businessId: BUSINESS_ID },
    success: { status: 200, schema: 'WebhookList' },
    handle: ({ params }, app) => listWebhooks(app, { businessId: params.businessId }),
  }),
  ...oneWebhookOperations({
    base: `${BUSINESS}/webhooks`,
    idPrefix: 'admin',
    params: { businessId: BUSINESS_ID },
    owner: ({ params }) => ({ businessId: params.businessId as number }),
  }),
];
