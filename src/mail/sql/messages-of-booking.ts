import { toIsoOrNull } from '../../clock.ts';
import type { Db } from '../../db/transaction.ts';

/** A message to the client as a booking's history shows it. */
export interface MessageOutcome {
  kind: string;
  to: string;
  status: string;
  attempts: number;
  sentAt: string | null;
  error: string | null;
  nextAttemptAt: string | null;
}

/** The messages a booking's events caused, by event id, oldest first. */
export async function messagesOfBooking(db: Db, bookingId: number): Promise<Map<number, MessageOutcome[]>> {
  const rows = await db
    .selectFrom('mail_messages')
    .select(['event_id', 'kind', 'recipient', 'status', 'attempts', 'sent_at', 'error', 'due_at'])
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute();
  const byEvent = new Map<number, MessageOutcome[]>();
  for (const row of rows) {
    if (row.event_id === null) continue;
    const outcome = {
      kind: row.kind,
      to: row.recipient,
      status: row.status,
      attempts: row.attempts,
      sentAt: toIsoOrNull(row.sent_at),
      error: row.error,
      nextAttemptAt: row.status === 'pending' ? toIsoOrNull(row.due_at) : null,
    };
    byEvent.set(row.event_id, [...(byEvent.get(row.event_id) ?? []), outcome]);
  }
  return byEvent;
}
