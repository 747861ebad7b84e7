import deliveriesQuerySchema from '../../schema/deliveries-query.ts';
import webhookCreateSchema from '../../schema/webhook-create.ts';
import webhookUpdateSchema from '../../schema/webhook-update.ts';
import webhookRotateSecretSchema from '../../schema/webhook-rotate-secret.ts';
import webhookRecoverSchema from '../../schema/webhook-recover.ts';
import { pingWebhook, type PingDeps } from './ping.ts';
import { redeliver, type RedeliverDeps } from './redeliver.ts';
import { getRecovery, RECOVER_CAP, recoverWebhook, type RecoverDeps } from './recover.ts';
import { webhookDeliveries, webhookDelivery } from './history.service.ts';
import { webhookStats } from './stats.ts';
import { idOf, type Input, type Operation, operations, textOf } from '../http/operations.ts';
import type { ApiKey } from '../auth/api-key.ts';
import type { Scope } from '../auth/scopes.ts';
import type { WebhookOwner } from './webhooks.repository.ts';
import {
  acceptableTarget,
  changeWebhook,
  createWebhook,
  eventCatalog,
  expirePreviousSecrets,
  getWebhook,
  listWebhooks,
  removeWebhook,
  rotateSecret,
  type WebhooksDeps,
} from './webhooks.service.ts';

/** What the webhook operations use of the application, in both APIs. */
export type WebhooksApp = WebhooksDeps & PingDeps & RedeliverDeps & RecoverDeps;

/** Operations of either API: the integration one's caller is its key, the admin one's nobody yet. */
const operation = operations<WebhooksApp, ApiKey | undefined, Scope>();
const integrationOperation = operations<WebhooksApp, ApiKey, Scope>();

const WEBHOOK = idOf('Webhook');
const DELIVERY = textOf('Delivery', /^whdel_[A-Za-z0-9_-]{1,64}$/);
const RECOVERY = idOf('Recovery');
const RECOVER_CAP_TEXT = RECOVER_CAP.toLocaleString('en-US');

/** Whose webhooks an API reaches: the key's own (integration) or the business's (admin). */
export interface WebhookApi {
  /** Path of the collection, e.g. `/webhooks` or `/businesses/:businessId/webhooks`. */
  readonly base: string;
  readonly scope?: 'webhooks:manage';
  /** operationId of each operation is `${prefix}Webhook…`-free; this is put in front of it. */
  readonly idPrefix: string;
  readonly params: Record<string, ReturnType<typeof idOf>>;
  // biome-ignore lint/suspicious/noExplicitAny: shared by operations whose inputs differ
  readonly owner: (input: Input<any, any, any, any, any>, app: WebhooksApp) => WebhookOwner | Promise<WebhookOwner>;
}

function cased(prefix: string, name: string): string {
  return prefix ? `${prefix}${name[0]!.toUpperCase()}${name.slice(1)}` : name;
}

/**
 * The operations on one webhook, the same in the integration API (owner: the key) and the admin
 * API (owner: the business): read, change, delete, rotate, ping, history, redeliver, recover, stats.
 */
export function oneWebhookOperations(api: WebhookApi): Operation<WebhooksApp>[] {
  const { base, scope, idPrefix, owner } = api;
  const params = { ...api.params, id: WEBHOOK };
  return [
    operation({
      operationId: cased(idPrefix, 'getWebhook'),
      method: 'GET',
      path: `${base}/:id`,
      scope,
      summary: 'One webhook',
      params,
      success: { status: 200, schema: 'Webhook' },
      errors: [404],
      handle: async (input, app) => getWebhook(app, await owner(input, app), input.params.id),
    }),
    operation({
      operationId: cased(idPrefix, 'updateWebhook'),
      method: 'PATCH',
      path: `${base}/:id`,
      scope,
      summary: 'Change a webhook, or switch a failed one back on',
      params,
      body: webhookUpdateSchema,
      success: { status: 200, schema: 'Webhook' },
      errors: [404, 409],
      write: true,
      prepare: async ({ body }, app) => (body.targetUrl === undefined ? undefined : acceptableTarget(app, body.targetUrl)),
      handle: async (input, app) => changeWebhook(input.trx, app, await owner(input, app), input.params.id, input.body, input.prepared),
    }),
    operation({
      operationId: cased(idPrefix, 'deleteWebhook'),
      method: 'DELETE',
      path: `${base}/:id`,
      scope,
      summary: 'Delete a webhook',
      params,
      success: { status: 204 },
      errors: [404],
      write: true,
      handle: async (input, app) => {
        await removeWebhook(input.trx, await owner(input, app), input.params.id);
      },
    }),
    operation({
      operationId: cased(idPrefix, 'rotateWebhookSecret'),
      method: 'POST',
      path: `${base}/:id/rotate-secret`,
      scope,
      summary: 'New secret; the old one is invalid at once, or after a grace period',
      description:
        'The answer holds the new `secret`, shown here only. With `gracePeriodSeconds` the secret in use until now keeps signing beside the new one (both in `webhook-signature`; `X-Webhook-Signature` by the oldest still valid) until the grace period ends or expire-previous-secrets ends it.',
      params,
      body: webhookRotateSecretSchema,
      bodyOptional: true,
      success: { status: 200, schema: 'WebhookWithSecret' },
      errors: [404],
      write: true,
      handle: async (input, app) => rotateSecret(input.trx, app, await owner(input, app), input.params.id, input.body),
    }),
    operation({
      operationId: cased(idPrefix, 'expireWebhookPreviousSecrets'),
      method: 'POST',
      path: `${base}/:id/expire-previous-secrets`,
      scope,
      summary: 'End a rotation’s grace period now: only the current secret signs from now on',
      params,
      success: { status: 200, schema: 'Webhook' },
      errors: [404],
      write: true,
      handle: async (input, app) => expirePreviousSecrets(input.trx, app, await owner(input, app), input.params.id),
    }),
    operation({
      operationId: cased(idPrefix, 'pingWebhook'),
      method: 'POST',
      path: `${base}/:id/ping`,
      scope,
      summary: 'Send one webhook.ping now and report the outcome',
      description:
        'The delivery is the `webhook.ping` event of the webhooks section, signed like every other; it is recorded in the history and never retried.',
      // Not `write`: pingWebhook queues the ping in its own transaction and then awaits the
      // engine's dispatch and record, which can only happen after that transaction has committed.
      params,
      success: { status: 200, schema: 'PingResult' },
      errors: [404],
      handle: async (input, app) => pingWebhook(app, await owner(input, app), input.params.id),
    }),
    operation({
      operationId: cased(idPrefix, 'listWebhookDeliveries'),
      method: 'GET',
      path: `${base}/:id/deliveries`,
      scope,
      summary: 'Delivery attempts, newest first, filtered by status, event, time or booking',
      params,
      query: deliveriesQuerySchema,
      success: { status: 200, schema: 'DeliveryPage' },
      errors: [404],
      handle: async (input, app) => webhookDeliveries(app, await owner(input, app), input.params.id, input.query),
    }),
    operation({
      operationId: cased(idPrefix, 'retryWebhookDelivery'),
      method: 'POST',
      path: `${base}/:id/deliveries/:deliveryId/retry`,
      scope,
      summary: 'Send a finished delivery once more',
      params: { ...params, deliveryId: DELIVERY },
      success: { status: 202, schema: 'DeliveryRecord' },
      errors: [404, 409],
      write: true,
      handle: async (input, app) => redeliver(input.trx, app, await owner(input, app), input.params.id, input.params.deliveryId),
    }),
    operation({
      operationId: cased(idPrefix, 'getWebhookDelivery'),
      method: 'GET',
      path: `${base}/:id/deliveries/:deliveryId`,
      scope,
      summary: 'One delivery with each of its attempts and their times',
      params: { ...params, deliveryId: DELIVERY },
      success: { status: 200, schema: 'Delivery' },
      errors: [404],
      handle: async (input, app) => webhookDelivery(app, await owner(input, app), input.params.id, input.params.deliveryId),
    }),
    operation({
      operationId: cased(idPrefix, 'recoverWebhook'),
      method: 'POST',
      path: `${base}/:id/recover`,
      scope,
      summary: 'Send again every delivery that failed in a window, in the background',
      description: `Every delivery that failed between \`since\` and \`until\` (now when left out) and was not delivered since gets one more attempt, as a manual retry does, at most ${RECOVER_CAP_TEXT}. The answer (202) says how many; they are sent in the background, and GET …/recoveries/:recoveryId says how far it got.`,
      params,
      body: webhookRecoverSchema,
      success: { status: 202, schema: 'WebhookRecovery' },
      errors: [404, 409],
      write: true,
      handle: async (input, app) => recoverWebhook(input.trx, app, await owner(input, app), input.params.id, input.body),
    }),
    operation({
      operationId: cased(idPrefix, 'getWebhookRecovery'),
      method: 'GET',
      path: `${base}/:id/recoveries/:recoveryId`,
      scope,
      summary: 'How far a recovery has got',
      params: { ...params, recoveryId: RECOVERY },
      success: { status: 200, schema: 'WebhookRecovery' },
      errors: [404],
      handle: async (input, app) => getRecovery(app, await owner(input, app), input.params.id, input.params.recoveryId),
    }),
    operation({
      operationId: cased(idPrefix, 'getWebhookStats'),
      method: 'GET',
      path: `${base}/:id/stats`,
      scope,
      summary: 'Deliveries and answer times over the last 24 hours and 7 days',
      params,
      success: { status: 200, schema: 'WebhookStats' },
      errors: [404],
      handle: async (input, app) => webhookStats(app, await owner(input, app), input.params.id),
    }),
  ];
}

/** Spec section 4, webhook endpoints; all need webhooks:manage and see only the caller's webhooks. */
export const webhookOperations: Operation<WebhooksApp>[] = [
  integrationOperation({
    operationId: 'listWebhookEvents',
    method: 'GET',
    path: '/webhooks/events',
    scope: 'webhooks:manage',
    summary: 'Events a webhook can subscribe to, with the schema of their data',
    success: { status: 200, schema: 'EventCatalog' },
    handle: () => ({ data: eventCatalog() }),
  }),
  integrationOperation({
    operationId: 'createWebhook',
    method: 'POST',
    path: '/webhooks',
    scope: 'webhooks:manage',
    summary: 'Register a webhook',
    description:
      'The answer holds `secret`, shown here and by rotate-secret only. At most 10 active webhooks per key (409 `webhook_limit_reached`).',
    body: webhookCreateSchema,
    success: { status: 201, schema: 'WebhookWithSecret' },
    errors: [409],
    write: true,
    prepare: ({ body }, app) => acceptableTarget(app, body.targetUrl),
    handle: ({ key, body, trx, prepared }, app) => createWebhook(trx, app, key, body, prepared),
  }),
  integrationOperation({
    operationId: 'listWebhooks',
    method: 'GET',
    path: '/webhooks',
    scope: 'webhooks:manage',
    summary: "This key's webhooks",
    success: { status: 200, schema: 'WebhookList' },
    handle: ({ key }, app) => listWebhooks(app, { apiKeyId: key.id }),
  }),
  ...oneWebhookOperations({
    base: '/webhooks',
    scope: 'webhooks:manage',
    idPrefix: '',
    params: {},
    owner: ({ key }) => ({ apiKeyId: key.id }),
  }),
];
