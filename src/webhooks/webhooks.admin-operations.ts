import { BUSINESS, BUSINESS_ID } from '../admin/business-param.ts';
import { operation, type Operation } from '../http/operations.ts';
import { oneWebhookOperations } from './webhooks.operations.ts';
import { listWebhooks } from './webhooks.service.ts';

/** Every webhook of a business, whichever key made it, for the status page. */
export const webhookAdminOperations: Operation[] = [
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
