import { toIso, toIsoOrNull } from '../clock.ts';
import type { HistoryRow } from './history.repository.ts';

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
