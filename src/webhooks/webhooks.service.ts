import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Ids } from '../ids.ts';
import type { Lookup } from '../delivery/targets.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import type { WebhookRow, WebhookUpdate } from '../db/tables.ts';
import type { Db, Tx } from '../db/transaction.ts';
import { toDeliveryRecordJson } from './attempt.presenter.ts';
import { badPortReason, checkTarget } from '../delivery/targets.ts';
import { countAttempts, pageAttempts } from './history.repository.ts';
import { errors } from '../http/errors.ts';
import type { ApiKey } from '../auth/api-key.ts';
import { EVENTS, EVENT_NAMES, type EventName } from '../delivery/events.ts';
import { EVENT_SCHEMAS } from '../delivery/event-schemas.ts';
import defs from '../../schema/defs.ts';
import { selfContained } from '../openapi/schema-tools.ts';
import { toWebhookJson, toWebhookJsonWithSecret } from './webhook.presenter.ts';
import {
  countActiveWebhooks,
  deleteWebhook,
  findOwnedWebhook,
  insertWebhook,
  listOwnedWebhooks,
  updateWebhook,
  type WebhookOwner,
} from './webhooks.repository.ts';
import type webhookCreateSchema from '../../schema/webhook-create.ts';
import type webhookUpdateSchema from '../../schema/webhook-update.ts';
import type deliveriesQuerySchema from '../../schema/deliveries-query.ts';
import type { Valid } from '../http/validate.ts';

export type WebhookCreateInput = Valid<typeof webhookCreateSchema>;

export type WebhookUpdateInput = Valid<typeof webhookUpdateSchema>;

export type DeliveriesQuery = Valid<typeof deliveriesQuerySchema>;

/** What this feature uses of the application (pinging and redelivering add theirs). */
export type WebhooksDeps = {
  readonly db: Db;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly config: Config;
  readonly lookup: Lookup;
  readonly secretBox: SecretBox;
};
type Deps = WebhooksDeps;

let catalog: { name: EventName; description: string; payloadSchema: object }[] | undefined;

/**
 * GET /webhooks/events: every subscribable event with what it means and the schema of its `data`,
 * each schema self-contained (the shared definitions it uses copied in), so it compiles alone.
 */
export function eventCatalog() {
  catalog ??= EVENT_NAMES.map((name) => ({ name, description: EVENTS[name], payloadSchema: selfContained(EVENT_SCHEMAS[name], [defs]) }));
  return catalog;
}

/** `targetUrl` is `input.targetUrl` as `acceptableTarget()` accepted it, before the transaction. */
export async function createWebhook(trx: Tx, app: Deps, key: ApiKey, input: WebhookCreateInput, targetUrl: string) {
  const now = app.clock.now();
  const secret = app.ids.webhookSecret();
  // Counted and inserted in one write transaction, so two racing creates cannot both pass.
  if ((await countActiveWebhooks(trx, key.id)) >= app.config.maxActiveWebhooks) {
    throw errors.webhookLimitReached(app.config.maxActiveWebhooks);
  }
  const id = await insertWebhook(trx, {
    business_id: key.businessId,
    api_key_id: key.id,
    target_url: targetUrl,
    events: JSON.stringify(input.events),
    description: input.description ?? '',
    secret: app.secretBox.seal(secret),
    status: 'active',
    consecutive_failures: 0,
    disabled_reason: null,
    last_triggered_at: null,
    created_at: now,
    updated_at: now,
  });
  return toWebhookJsonWithSecret(await ownWebhook(trx, { apiKeyId: key.id }, id), secret);
}

export async function listWebhooks(app: Deps, owner: WebhookOwner) {
  const rows = await listOwnedWebhooks(app.db, owner);
  return { data: rows.map(toWebhookJson), total: rows.length };
}

export async function getWebhook(app: Deps, owner: WebhookOwner, id: number) {
  return toWebhookJson(await ownWebhook(app.db, owner, id));
}

/** `targetUrl` is `input.targetUrl` as `acceptableTarget()` accepted it, before the transaction. */
export async function changeWebhook(
  trx: Tx,
  app: Deps,
  owner: WebhookOwner,
  id: number,
  input: WebhookUpdateInput,
  targetUrl: string | undefined,
) {
  const patch: WebhookUpdate = { updated_at: app.clock.now() };
  if (targetUrl !== undefined) patch.target_url = targetUrl;
  if (input.events !== undefined) patch.events = JSON.stringify(input.events);
  if (input.description !== undefined) patch.description = input.description;
  const row = await findOwnedWebhook(trx, id, owner);
  if (!row) throw errors.notFound('Webhook');
  if (input.status === 'active' && row.status === 'failed') {
    if ((await countActiveWebhooks(trx, row.api_key_id)) >= app.config.maxActiveWebhooks) {
      throw errors.webhookLimitReached(app.config.maxActiveWebhooks);
    }
    Object.assign(patch, { status: 'active', consecutive_failures: 0, disabled_reason: null });
  }
  await updateWebhook(trx, id, patch);
  return toWebhookJson(await ownWebhook(trx, owner, id));
}

export async function removeWebhook(trx: Tx, owner: WebhookOwner, id: number): Promise<void> {
  await ownWebhook(trx, owner, id);
  await deleteWebhook(trx, id);
}

/** A new secret, valid at once; attempts sent from now on (retries included) are signed with it. */
export async function rotateSecret(trx: Tx, app: Deps, owner: WebhookOwner, id: number) {
  await ownWebhook(trx, owner, id);
  const secret = app.ids.webhookSecret();
  await updateWebhook(trx, id, { secret: app.secretBox.seal(secret), updated_at: app.clock.now() });
  return toWebhookJsonWithSecret(await ownWebhook(trx, owner, id), secret);
}

export async function webhookDeliveries(app: Deps, owner: WebhookOwner, id: number, { page, limit, status, deliveryId }: DeliveriesQuery) {
  await ownWebhook(app.db, owner, id);
  const filter = { webhookId: id, status, deliveryId };
  const [rows, total] = await Promise.all([pageAttempts(app.db, filter, (page - 1) * limit, limit), countAttempts(app.db, filter)]);
  return { data: rows.map(toDeliveryRecordJson), total };
}

async function ownWebhook(db: Db, owner: WebhookOwner, id: number): Promise<WebhookRow> {
  const row = await findOwnedWebhook(db, id, owner);
  if (!row) throw errors.notFound('Webhook');
  return row;
}

/**
 * A target URL we are willing to call: http(s), no credentials, and unless private targets are
 * allowed, a host that is and resolves to public addresses only (checked again at send time).
 */
export async function acceptableTarget(app: Pick<Deps, 'config' | 'lookup'>, value: string): Promise<string> {
  const href = normaliseTargetUrl(value);
  if (app.config.allowPrivateTargets) return href;
  const check = await checkTarget(new URL(href), app.lookup);
  if (!check.ok) {
    // Whoever tests a receiver on their own machine meets this first: say which setting allows it.
    const hint = check.notFound
      ? ''
      : ' (a server started with BOOKING_ALLOW_PRIVATE_TARGETS=true accepts private and loopback targets, for testing)';
    throw errors.validation(`"targetUrl" must point to a public internet address: ${check.reason}${hint}.`, 'targetUrl');
  }
  return href;
}

function normaliseTargetUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw errors.validation('"targetUrl" must be an http:// or https:// URL.', 'targetUrl');
  }
  if (url.username || url.password) {
    throw errors.validation('"targetUrl" must not contain a user name or password.', 'targetUrl');
  }
  const portReason = badPortReason(url);
  if (portReason) throw errors.validation(`"targetUrl" must not use ${portReason}.`, 'targetUrl');
  return url.href;
}
