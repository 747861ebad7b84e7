import { toIso, toIsoOrNull } from '../clock.ts';
import type { attemptTimings, deliveryOfWebhook, HistoryRow } from './history.repository.ts';

/** Spec 2.3 delivery record, one per attempt, plus when it is due or was sent and the receiver's answer. */
export function toDeliveryRecordJson(row: HistoryRow) {
  return {
    id: row.id,
    event: row.event,
    deliveryId: row.delivery_id,
    responseStatusCode: row.response_status_code,
    responseTimeMs: row.response_time_ms,
    deliveryStatus: row.status,
    attemptNumber: row.attempt_number,
    errorMessage: row.error_message,
    createdAt: toIso(row.created_at),
    trigger: row.trigger,
    scheduledFor: toIso(row.due_at),
    sentAt: toIsoOrNull(row.sent_at),
    responseBodyExcerpt: row.response_excerpt,
  };
}

type DeliveryRow = NonNullable<Awaited<ReturnType<typeof deliveryOfWebhook>>>;
type TimingRow = Awaited<ReturnType<typeof attemptTimings>>[number];

/** One attempt of a delivery and its times: when it was due, sent and finished, and how long the receiver took. */
function toAttemptTimingJson(row: TimingRow) {
  return {
    id: row.id,
    attemptNumber: row.attempt_number,
    trigger: row.trigger,
    deliveryStatus: row.status,
    scheduledFor: toIso(row.due_at),
    sentAt: toIsoOrNull(row.sent_at),
    // updated_at means "finished at" once an attempt is no longer pending (claim-due-attempts.ts keeps it).
    finishedAt: row.status === 'pending' ? null : toIso(row.updated_at),
    responseTimeMs: row.response_time_ms,
    responseStatusCode: row.response_status_code,
    errorMessage: row.error_message,
    responseBodyExcerpt: row.response_excerpt,
  };
}

/** One delivery with every attempt, first first; its status is its latest attempt's. */
export function toDeliveryJson(delivery: DeliveryRow, attempts: readonly TimingRow[]) {
  return {
    deliveryId: delivery.delivery_id,
    event: delivery.event,
    bookingId: delivery.booking_id,
    createdAt: toIso(delivery.created_at),
    deliveryStatus: attempts.at(-1)?.status ?? 'pending',
    body: delivery.body,
    attempts: attempts.map(toAttemptTimingJson),
  };
}
