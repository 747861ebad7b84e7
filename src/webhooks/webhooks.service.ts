import { recordAudit } from '../audit/record.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Ids } from '../ids.ts';
import type { Lookup } from '../delivery/targets.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import type { WebhookRow, WebhookUpdate } from '../db/tables.ts';
import type { Db, Tx } from '../db/transaction.ts';
import { badPortReason, checkTarget } from '../delivery/targets.ts';
import { errors } from '../http/errors.ts';
import type { ApiKey } from '../auth/api-key.ts';
import { EVENTS, EVENT_NAMES, EVERY_EVENT, type EventName } from '../delivery/events.ts';
import { livePreviousSecrets, storedPreviousSecrets } from '../delivery/previous-secrets.ts';
import { mergeCustomHeaders } from './custom-headers.ts';
import { EVENT_SCHEMAS } from '../delivery/event-schemas.ts';
import defs from '../../schema/defs.ts';
import { selfContained } from '../openapi/schema-tools.ts';
import { customHeadersOf, toWebhookJson, toWebhookJsonWithSecret, type WebhookView } from './webhook.presenter.ts';
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
import type webhookRotateSecretSchema from '../../schema/webhook-rotate-secret.ts';
import type { Valid } from '../http/validate.ts';

export type WebhookCreateInput = Valid<typeof webhookCreateSchema>;

export type WebhookUpdateInput = Valid<typeof webhookUpdateSchema>;

/** Without a body, or with gracePeriodSeconds 0, every earlier secret is invalid at once. */
export type RotateSecretInput = Valid<typeof webhookRotateSecretSchema>;

/** What a webhook subscribes to: event names, or `["*"]` for every event, present and future. */
type Subscribed = WebhookCreateInput['events'];

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
  const headers = input.headers === undefined ? {} : mergeCustomHeaders({}, input.headers);
  // Counted and inserted in one write transaction, so two racing creates cannot both pass.
  if ((await countActiveWebhooks(trx, key.id)) >= app.config.maxActiveWebhooks) {
    throw errors.webhookLimitReached(app.config.maxActiveWebhooks);
  }
  const id = await insertWebhook(trx, {
    business_id: key.businessId,
    api_key_id: key.id,
    target_url: targetUrl,
    events: JSON.stringify(subscribed(input.events)),
    description: input.description ?? '',
    secret: app.secretBox.seal(secret),
    custom_headers: sealedHeaders(app, headers),
    status: 'active',
    consecutive_failures: 0,
    disabled_reason: null,
    last_triggered_at: null,
    created_at: now,
    updated_at: now,
  });
  const created = await ownWebhook(trx, { apiKeyId: key.id }, id);
  await auditWebhook(trx, 'webhook.created', null, { ...webhookFields(created, viewOf(app)), secret: 'set' });
  return toWebhookJsonWithSecret(created, viewOf(app), secret);
}

type WebhookFields = ReturnType<typeof webhookFields> & { secret?: string };

/**
 * What the audit trail keeps of a webhook: never its secret, and of its headers only their names
 * (without `view`, which opens them, none).
 */
export function webhookFields(row: WebhookRow, view?: WebhookView) {
  return {
    businessId: row.business_id,
    id: row.id,
    targetUrl: row.target_url,
    events: JSON.parse(row.events) as string[],
    description: row.description,
    status: row.status,
    headers: view ? Object.keys(toWebhookJson(row, view).headers ?? {}) : undefined,
    // How many earlier secrets still sign (a rotation's grace period): a count, never one of them.
    earlierSigners: view ? livePreviousSecrets(row.previous_secrets, view.now).length : undefined,
  };
}

/** Records a webhook's change, its fields before and after as webhookFields gives them. */
export async function auditWebhook(trx: Tx, action: string, before: WebhookFields | null, after: WebhookFields | null): Promise<void> {
  const { businessId, id } = (after ?? before)!;
  const strip = (fields: typeof before) => fields && { ...fields, businessId: undefined, id: undefined };
  await recordAudit(trx, { businessId, action, target: { kind: 'webhook', id }, before: strip(before), after: strip(after) });
}

export async function listWebhooks(app: Deps, owner: WebhookOwner) {
  const rows = await listOwnedWebhooks(app.db, owner);
  const view = viewOf(app);
  return { data: rows.map((row) => toWebhookJson(row, view)), total: rows.length };
}

export async function getWebhook(app: Deps, owner: WebhookOwner, id: number) {
  return toWebhookJson(await ownWebhook(app.db, owner, id), viewOf(app));
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
  if (input.events !== undefined) patch.events = JSON.stringify(subscribed(input.events));
  if (input.description !== undefined) patch.description = input.description;
  const row = await findOwnedWebhook(trx, id, owner);
  if (!row) throw errors.notFound('Webhook');
  if (input.headers !== undefined) {
    patch.custom_headers = sealedHeaders(app, mergeCustomHeaders(customHeadersOf(row, viewOf(app).open), input.headers));
  }
  if (input.status === 'active' && row.status === 'failed') {
    if ((await countActiveWebhooks(trx, row.api_key_id)) >= app.config.maxActiveWebhooks) {
      throw errors.webhookLimitReached(app.config.maxActiveWebhooks);
    }
    Object.assign(patch, { status: 'active', consecutive_failures: 0, disabled_reason: null, disabled_at: null, switch_off_seen_at: null });
  }
  await updateWebhook(trx, id, patch);
  const updated = await ownWebhook(trx, owner, id);
  await auditWebhook(trx, 'webhook.updated', webhookFields(row, viewOf(app)), webhookFields(updated, viewOf(app)));
  return toWebhookJson(updated, viewOf(app));
}

export async function removeWebhook(trx: Tx, owner: WebhookOwner, id: number): Promise<void> {
  const row = await ownWebhook(trx, owner, id);
  await deleteWebhook(trx, id);
  await auditWebhook(trx, 'webhook.deleted', webhookFields(row), null);
}

/**
 * A new secret; attempts sent from now on (retries included) are signed with it. Without a grace
 * period every earlier secret is invalid at once (a leaked one, say). With one, the secret in use
 * until now goes on signing beside the new one until the grace period ends, as do those of earlier
 * rotations still in theirs (at most MAX_PREVIOUS_SECRETS, the oldest dropped first).
 */
export async function rotateSecret(trx: Tx, app: Deps, owner: WebhookOwner, id: number, input: RotateSecretInput = {}) {
  const row = await ownWebhook(trx, owner, id);
  const now = app.clock.now();
  const secret = app.ids.webhookSecret();
  const graceMs = (input.gracePeriodSeconds ?? 0) * 1000;
  const previous = graceMs > 0 ? [...livePreviousSecrets(row.previous_secrets, now), { secret: row.secret, expiresAt: now + graceMs }] : [];
  await updateWebhook(trx, id, { secret: app.secretBox.seal(secret), previous_secrets: storedPreviousSecrets(previous), updated_at: now });
  const rotated = await ownWebhook(trx, owner, id);
  const [was, is] = [webhookFields(row, viewOf(app)), webhookFields(rotated, viewOf(app))];
  await auditWebhook(trx, 'webhook.secret_rotated', { ...was, secret: 'old' }, { ...is, secret: 'new' });
  return toWebhookJsonWithSecret(rotated, viewOf(app), secret);
}

/** Ends a rotation's grace period early: from now on only the current secret signs (Convoy's expire_secret). */
export async function expirePreviousSecrets(trx: Tx, app: Deps, owner: WebhookOwner, id: number) {
  const row = await ownWebhook(trx, owner, id);
  await updateWebhook(trx, id, { previous_secrets: null, updated_at: app.clock.now() });
  const updated = await ownWebhook(trx, owner, id);
  await auditWebhook(trx, 'webhook.previous_secrets_expired', webhookFields(row, viewOf(app)), webhookFields(updated, viewOf(app)));
  return toWebhookJson(updated, viewOf(app));
}

/** `["*"]` stands alone: with it, naming events as well would mean nothing. */
function subscribed(events: Subscribed): Subscribed {
  if (events.includes(EVERY_EVENT) && events.length > 1) {
    throw errors.validation('"events" is either ["*"] (every event, present and future) or a list of event names, not both.', 'events');
  }
  return events;
}

function sealedHeaders(app: Deps, headers: Readonly<Record<string, string>>): string | null {
  return Object.keys(headers).length === 0 ? null : app.secretBox.seal(JSON.stringify(headers));
}

export function viewOf(app: Pick<Deps, 'clock' | 'secretBox'>): WebhookView {
  return { now: app.clock.now(), open: (sealed) => app.secretBox.open(sealed) };
}

export async function ownWebhook(db: Db, owner: WebhookOwner, id: number): Promise<WebhookRow> {
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
