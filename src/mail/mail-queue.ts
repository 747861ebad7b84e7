import type { BusinessDirectory } from '../businesses/directory.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { ClientMailKind } from '../db/tables.ts';
import type { Tx } from '../db/transaction.ts';
import { timeOrdered } from '../ids.ts';
import type { EventName } from '../delivery/events.ts';
import type { EventListener, RecordedEvent } from '../delivery/outbox.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { findAddressState } from './addresses.repository.ts';
import { issueManageLink } from './manage-links.ts';
import { insertMessage } from './sql/insert-message.ts';
import { isBookingSnapshot, visitOf, type Visit } from './visit.ts';

/** The message each booking event sends its client. */
const KIND_OF: Partial<Record<EventName, (visit: Visit) => ClientMailKind>> = {
  'booking.created': (visit) => (visit.status === 'pending' ? 'received' : 'booked'),
  'booking.confirmed': () => 'confirmed',
  'booking.rescheduled': () => 'moved',
  'booking.cancelled': () => 'cancelled',
  'booking.reminder_due': () => 'reminder',
};

export interface MailQueueDeps {
  readonly database: Database;
  readonly clock: Clock;
  readonly secretBox: SecretBox;
  /** BOOKING_SMTP_URL: every business without a mail server of its own sends through it. */
  readonly smtpUrl: string | undefined;
  /** Whether a business has a mail server of its own, from memory (Directory.ownMailServer): no read per event. */
  readonly directory: BusinessDirectory;
  /** The host named in Message-IDs: the address clients reach the server at. */
  readonly messageIdHost: string;
  /** Told after the commit of a transaction that queued a message. */
  readonly onQueued: () => void;
}

/**
 * Queues the client's message for each booking event, in the event's transaction (an outbox
 * listener): it exists if and only if the change does. A message that cannot go (no address, no
 * mail server, an address refused before, reminders turned off, a visit already begun) is kept as
 * `skipped` with the reason, so the booking's history says why its client heard nothing.
 */
export function mailOnEvents(deps: MailQueueDeps): EventListener {
  return async (trx, event) => {
    const kindOf = KIND_OF[event.name];
    if (!kindOf || !isBookingSnapshot(event.data)) return;
    const visit = visitOf(event.data);
    const kind = kindOf(visit);
    const skipped = await reasonToSkip(trx, deps, event, kind, visit);
    const pending = skipped === undefined;
    const link =
      pending && kind !== 'cancelled'
        ? await issueManageLink(trx, deps.secretBox, { businessId: event.businessId, bookingId: visit.bookingId, now: event.at })
        : undefined;
    await insertMessage(trx, {
      business_id: event.businessId,
      booking_id: visit.bookingId,
      event_id: event.id,
      kind,
      recipient: visit.email ?? '',
      // Unique, indexed: a random one would dirty a random page of the index in every commit.
      message_id: `<${timeOrdered()}@${deps.messageIdHost}>`,
      // Only a message that will be sent needs the visit; a skipped one keeps its kind and reason.
      data: pending ? JSON.stringify(event.data) : '{}',
      manage_token: link?.sealed ?? null,
      status: pending ? 'pending' : 'skipped',
      due_at: event.at,
      error: skipped ?? null,
      created_at: event.at,
      updated_at: event.at,
    });
    if (pending) deps.database.afterCommit(trx, deps.onQueued);
  };
}

async function reasonToSkip(
  trx: Tx,
  deps: MailQueueDeps,
  event: RecordedEvent,
  kind: ClientMailKind,
  visit: Visit,
): Promise<string | undefined> {
  if (!visit.email) return 'The client gave no e-mail address.';
  if (visit.startAt <= event.at) return 'The visit had begun.';
  if (!deps.smtpUrl && !(await deps.directory.get(trx, event.businessId))?.ownMailServer) {
    return 'No mail server is set up yet (Settings, “E-mail to clients”), so clients get no e-mail.';
  }
  const state = await findAddressState(trx, event.businessId, visit.email);
  if (state?.refused_at != null)
    return `The client's mail server refused this address before (${state.refused_reason ?? 'no reason given'}).`;
  if (kind === 'reminder' && state?.reminders_off_at != null) return 'The client turned reminders off.';
  return undefined;
}
