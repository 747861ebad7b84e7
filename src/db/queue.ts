import { CompiledQuery } from 'kysely';
import { isPostgres } from './dialect.ts';
import { nameStatement } from './statement-names.ts';
import type { Tx } from './transaction.ts';

/**
 * The delivery queue's writes where the engines differ in how many statements they take. On
 * PostgreSQL every statement is a round trip, so each of these is one statement (CTEs that lock,
 * insert and update together); on SQLite a statement is a call inside this process, and each
 * function here answers undefined: the caller runs its portable statements one by one
 * (src/delivery/sql). The repositories say what; this file says how PostgreSQL does it in one.
 * The texts never change (rows come in as one JSON array), so PostgreSQL plans them once per
 * connection's cache and Kysely never builds them.
 */

/** A delivery of an event to one webhook, its envelope already made. */
export interface QueuedDelivery {
  webhookId: number;
  deliveryId: string;
  body: string;
}

const EMIT = `
with live as (
  select id from webhooks where id = any(translate($1::text, '[]', '{}')::bigint[]) order by id for no key update
), ev as (
  insert into events (business_id, event, data, booking_id, created_at)
  values ($2::bigint, $3::text, $4::text, $5::bigint, $6::bigint)
  returning id
), d as (
  insert into deliveries (delivery_id, webhook_id, event_id, event, body, created_at)
  select r.value ->> 1, live.id, ev.id, $3::text, r.value ->> 2, $6::bigint
  from json_array_elements($7::json) with ordinality as r (value, n)
  join live on live.id = (r.value ->> 0)::bigint
  cross join ev
  order by r.n
  returning id, webhook_id
), a as (
  insert into delivery_attempts (delivery_pk, webhook_id, attempt_number, status, trigger, due_at, created_at, updated_at)
  select d.id, d.webhook_id, 1, 'pending', 'event', $8::bigint, $6::bigint, $6::bigint from d order by d.id
  returning webhook_id
)
select (select id from ev) as "eventId", coalesce((select json_agg(webhook_id) from a), '[]'::json) as "queued"`;

/**
 * PostgreSQL: the event, and for each of `deliveries` whose webhook still exists its delivery and
 * first attempt (pending, due at `dueAt`), in one statement. The webhooks are locked first, in id
 * order, until the transaction ends (as lockWebhooks does): a delete committed meanwhile leaves
 * that webhook out, one that comes later waits for this transaction. Answers the event's id and
 * the webhooks that were queued; undefined on SQLite.
 */
export async function insertEventWithDeliveries(
  trx: Tx,
  event: { businessId: number; name: string; data: string; bookingId: number | null; now: number; dueAt: number },
  deliveries: readonly QueuedDelivery[],
): Promise<{ eventId: number; queued: ReadonlySet<number> } | undefined> {
  if (!isPostgres(trx)) return undefined;
  const ids = JSON.stringify([...new Set(deliveries.map((d) => d.webhookId))].sort((a, b) => a - b));
  const rows = JSON.stringify(deliveries.map((d) => [d.webhookId, d.deliveryId, d.body]));
  const { rows: result } = await trx.executeQuery<{ eventId: number; queued: number[] }>(
    CompiledQuery.raw(EMIT, [ids, event.businessId, event.name, event.data, event.bookingId, event.now, rows, event.dueAt]),
  );
  const row = result[0]!;
  return { eventId: Number(row.eventId), queued: new Set(row.queued.map(Number)) };
}

/** A claimed attempt as the sender needs it (src/delivery/sql/claim-due-attempts.ts's ClaimedAttempt). */
export interface ClaimedRow {
  attemptId: number;
  deliveryPk: number;
  webhookId: number;
  attemptNumber: number;
  trigger: string;
  deliveryId: string;
  event: string;
  body: string;
  targetUrl: string;
  secret: string;
  previousSecrets: string | null;
  customHeaders: string | null;
  webhookStatus: string;
  keyStatus: string;
  keyExpiresAt: number | null;
}

// Each webhook with room is asked for at most its room, oldest first, through the index on
// (webhook_id, due_at) of pending rows; rows another instance is claiming right now are passed by.
const CLAIM = `
with room as (
  select w.id, least($2::bigint, $3::bigint - coalesce(f.n, 0)) as room
  from webhooks w
  left join (select (e ->> 0)::bigint as id, (e ->> 1)::bigint as n from json_array_elements($4::json) as e) f on f.id = w.id
), due as (
  select c.id, c.due_at
  from room
  cross join lateral (
    select a.id, a.due_at from delivery_attempts a
    where a.webhook_id = room.id and a.status = 'pending' and a.due_at <= $1::bigint
      and (a.lease_until is null or a.lease_until <= $1::bigint)
    order by a.due_at
    limit greatest(room.room, 0)
    for update of a skip locked
  ) c
  order by c.due_at, c.id
  limit $2::bigint
), leased as (
  update delivery_attempts a set lease_until = $5::bigint
  from due where a.id = due.id
  returning a.id, a.delivery_pk, a.webhook_id, a.attempt_number, a.trigger, a.due_at
)
select l.id as "attemptId", l.delivery_pk as "deliveryPk", l.webhook_id as "webhookId", l.attempt_number as "attemptNumber",
  l.trigger as "trigger", d.delivery_id as "deliveryId", d.event as "event", d.body as "body", w.target_url as "targetUrl",
  w.secret as "secret", w.previous_secrets as "previousSecrets", w.custom_headers as "customHeaders",
  w.status as "webhookStatus", k.status as "keyStatus", k.expires_at as "keyExpiresAt"
from leased l
join deliveries d on d.id = l.delivery_pk
join webhooks w on w.id = l.webhook_id
join api_keys k on k.id = w.api_key_id
order by l.due_at, l.id`;

/**
 * PostgreSQL: leases up to `limit` due attempts, oldest first, no webhook beyond `perWebhook` in
 * flight counting `inFlight`, and answers them with what sending needs, in one statement. The
 * rows are locked FOR UPDATE SKIP LOCKED: instances claiming at once each take other rows, never
 * the same one. Undefined on SQLite.
 */
export async function claimDue(
  trx: Tx,
  claim: { now: number; limit: number; leaseUntil: number; perWebhook: number; inFlight: ReadonlyMap<number, number> },
): Promise<ClaimedRow[] | undefined> {
  if (!isPostgres(trx)) return undefined;
  const { rows } = await trx.executeQuery<ClaimedRow>(
    CompiledQuery.raw(CLAIM, [claim.now, claim.limit, claim.perWebhook, JSON.stringify([...claim.inFlight]), claim.leaseUntil]),
  );
  return rows;
}

/** A webhook's delivery health as the recording reads it (src/delivery/sql/webhook-health.ts's WebhookHealth). */
export interface HealthRow {
  id: number;
  status: 'active' | 'failed';
  consecutiveFailures: number;
  disabledReason: string | null;
  disabledAt: number | null;
  lastTriggeredAt: number | null;
}

const LOCK_HEALTH = `
select w.id, w.status, w.consecutive_failures as "consecutiveFailures", w.disabled_reason as "disabledReason",
  w.disabled_at as "disabledAt", w.last_triggered_at as "lastTriggeredAt"
from webhooks w
where w.id = any(translate($1::text, '[]', '{}')::bigint[])
order by w.id
for no key update of w`;

// Which attempts are still pending is looked up by their ids (the primary key), once, not per webhook.
const STILL_PENDING = `
select coalesce(json_agg(a.id), '[]'::json) as pending from delivery_attempts a
where a.id = any(translate($1::text, '[]', '{}')::bigint[]) and a.status = 'pending'`;

/**
 * PostgreSQL, before a batch of results is recorded: the webhooks' health, locked in id order
 * until the transaction ends (a delete of one waits, so no deadlock with a delete that locks the
 * webhook and then its attempts), then which of `attemptIds` are still pending. Two statements:
 * the second's snapshot is taken once the locks are held, so an attempt another instance finished
 * (its lease had run out) while this one waited for a webhook is seen as finished, and its result
 * does not count against the webhook twice; one statement would read the attempts as they were
 * before the wait. Undefined on SQLite.
 */
export async function readForRecord(
  trx: Tx,
  webhookIds: readonly number[],
  attemptIds: readonly number[],
): Promise<{ health: Map<number, HealthRow>; pending: Set<number> } | undefined> {
  if (!isPostgres(trx)) return undefined;
  const sorted = [...webhookIds].sort((a, b) => a - b);
  const { rows } = await trx.executeQuery<HealthRow>(CompiledQuery.raw(LOCK_HEALTH, [JSON.stringify(sorted)]));
  const health = new Map<number, HealthRow>(rows.map((row) => [row.id, row]));
  const still = await trx.executeQuery<{ pending: number[] }>(CompiledQuery.raw(STILL_PENDING, [JSON.stringify(attemptIds)]));
  return { health, pending: new Set((still.rows[0]?.pending ?? []).map(Number)) };
}

/** One attempt's result, as it is written. */
export interface FinishedRow {
  attemptId: number;
  status: string;
  sentAt: number | null;
  statusCode: number | null;
  responseTimeMs: number | null;
  errorMessage: string | null;
  responseExcerpt: string | null;
  /** When the delivery's next attempt is due (a retry); null when none follows. */
  nextDueAt: number | null;
}

// The retries come from what the update returns: an attempt no longer pending (cancelled, or
// finished elsewhere after its lease ran out) is neither written nor followed by a retry.
const FINISH = `
with r as (
  select value from json_array_elements($1::json)
), finished as (
  update delivery_attempts a set
    status = r.value ->> 1,
    sent_at = (r.value ->> 2)::bigint,
    response_status_code = (r.value ->> 3)::bigint,
    response_time_ms = round((r.value ->> 4)::numeric)::bigint,
    error_message = r.value ->> 5,
    response_excerpt = r.value ->> 6,
    lease_until = null,
    updated_at = $2::bigint
  from r
  where a.id = (r.value ->> 0)::bigint and a.status = 'pending'
  returning a.id, a.delivery_pk, a.webhook_id, a.attempt_number
), retried as (
  insert into delivery_attempts (delivery_pk, webhook_id, attempt_number, status, trigger, due_at, created_at, updated_at)
  select f.delivery_pk, f.webhook_id, f.attempt_number + 1, 'pending', 'retry', (r.value ->> 7)::bigint, $2::bigint, $2::bigint
  from finished f
  join r on (r.value ->> 0)::bigint = f.id
  where r.value ->> 7 is not null
  order by f.id
  returning id
), touched as (
  update webhooks w set last_triggered_at = (t.value ->> 1)::bigint
  from json_array_elements($3::json) as t (value)
  where w.id = (t.value ->> 0)::bigint
  returning w.id
)
select (select count(*) from finished)::int as "finished", (select count(*) from retried)::int as "retried",
  (select count(*) from touched)::int as "touched"`;

/**
 * PostgreSQL: a batch of results written in one statement: each attempt still pending gets its
 * result, those with `nextDueAt` their next attempt, and each of `lastTriggered` (webhooks whose
 * status and count did not change) its last-triggered time. Undefined on SQLite.
 */
export async function finishBatch(
  trx: Tx,
  results: readonly FinishedRow[],
  lastTriggered: ReadonlyArray<readonly [webhookId: number, at: number | null]>,
  now: number,
): Promise<{ finished: number; retried: number } | undefined> {
  if (!isPostgres(trx)) return undefined;
  const rows = results.map((r) => [
    r.attemptId,
    r.status,
    r.sentAt,
    r.statusCode,
    r.responseTimeMs,
    r.errorMessage,
    r.responseExcerpt,
    r.nextDueAt,
  ]);
  const { rows: counts } = await trx.executeQuery<{ finished: number; retried: number }>(
    CompiledQuery.raw(FINISH, [JSON.stringify(rows), now, JSON.stringify(lastTriggered)]),
  );
  return counts[0]!;
}

// These statements by name (src/db/statement-names.ts): each is parsed and planned once per
// connection instead of on every call (planning the event's statement took as long as running it:
// 175 µs per delivery, measured). Not the claim: its generic plan, made without the batch's size
// and the webhooks' room, ran slower than planning it each time (50 µs of execution per delivery
// against 29 + 7 of planning).
nameStatement(EMIT, 'queue_emit');
nameStatement(LOCK_HEALTH, 'queue_lock_health');
nameStatement(STILL_PENDING, 'queue_still_pending');
nameStatement(FINISH, 'queue_finish');
