import { recordAudit } from '../audit/record.ts';
import type { Clock } from '../clock.ts';
import { clientEventData } from '../clients/client.presenter.ts';
import { findClient } from '../clients/clients.repository.ts';
import { adminClient } from '../clients/clients.service.ts';
import type { Database } from '../db/database.ts';
import type { ClientRow } from '../db/tables.ts';
import type { Tx } from '../db/transaction.ts';
import type { Outbox } from '../delivery/outbox.ts';
import { errors } from '../http/errors.ts';
import {
  bookedDetails,
  bookingIdsOfClient,
  countComingVisits,
  eventsAboutClient,
  reviewAuthors,
  reviewIdsOfClient,
} from './client-data.repository.ts';
import {
  eraseAuditEntries,
  eraseBookings,
  eraseClientRecord,
  eraseEvents,
  eraseKeptAnswers,
  eraseMessages,
  erasePaymentNotes,
  eraseReviews,
  forgetAddresses,
} from './erase.repository.ts';
import { ERASED_NAME, type Identity } from './scrub.ts';

export type ErasureDeps = {
  readonly clock: Clock;
  readonly outbox: Outbox;
  readonly database: Pick<Database, 'afterCommit' | 'forgetOverwritten'>;
};

/** Everything that names the client: the record's values and those their bookings were made with. */
async function identityOf(trx: Tx, client: ClientRow, bookingIds: readonly number[], reviewIds: readonly number[]): Promise<Identity> {
  const booked = await bookedDetails(trx, bookingIds);
  const signed = await reviewAuthors(trx, reviewIds);
  const names = new Set([client.name, ...booked.flatMap((b) => b.booked_name ?? []), ...signed]);
  names.delete(ERASED_NAME);
  const contacts = new Set(
    [client.email, client.phone, ...booked.flatMap((b) => [b.booked_email, b.booked_phone])].filter((v) => v !== null),
  );
  return { names: [...names], contacts: [...contacts] };
}

/** The record's fields the erasure changes (none on a second erasure). */
function changedFields(client: ClientRow): string[] {
  const changes: string[] = [];
  if (client.name !== ERASED_NAME) changes.push('name');
  if (client.email !== null) changes.push('email');
  if (client.phone !== null) changes.push('phone');
  if (client.notes !== '') changes.push('notes');
  return changes;
}

/**
 * Erases a client (GDPR article 17, docs/decisions.md): their personal values go from the record
 * and from every copy (bookings, reviews, the mail log, events, webhook deliveries, kept answers);
 * visits and payments stay as the salon's records. Refused while a visit is still to come.
 * Fires client.updated naming the fields, with `erased: true`; a second erasure changes nothing.
 * Once committed, the old versions leave the database's files (Database.forgetOverwritten).
 */
export async function eraseClient(trx: Tx, app: ErasureDeps, businessId: number, clientId: number) {
  const client = await findClient(trx, businessId, clientId);
  if (!client) throw errors.notFound('Client');
  const now = app.clock.now();
  if ((await countComingVisits(trx, businessId, clientId, now)) > 0) {
    throw errors.conflict('client_has_coming_visits', 'This client has visits still to come: cancel them first, then erase the client.');
  }
  const bookingIds = await bookingIdsOfClient(trx, businessId, clientId);
  const reviewIds = await reviewIdsOfClient(trx, businessId, clientId, bookingIds);
  const who = await identityOf(trx, client, bookingIds, reviewIds);
  const changes = changedFields(client);
  await eraseEvents(
    trx,
    (await eventsAboutClient(trx, businessId, clientId, bookingIds)).filter((e) => namesClient(e, clientId)),
    who,
  );
  await eraseBookings(trx, bookingIds, who);
  await erasePaymentNotes(trx, bookingIds, who);
  await eraseReviews(trx, reviewIds);
  await eraseMessages(trx, bookingIds, who, now);
  await forgetAddresses(
    trx,
    businessId,
    who.contacts.filter((c) => c.includes('@')).map((c) => c.trim().toLowerCase()),
  );
  await eraseKeptAnswers(trx, businessId, who);
  await eraseAuditEntries(trx, businessId, clientId, who);
  // The rows as they were may stay in the database's files a while: not longer than needed.
  app.database.afterCommit(trx, () => app.database.forgetOverwritten());
  if (changes.length > 0) {
    await eraseClientRecord(trx, clientId, now);
    // The erasure is in the trail, without the erased data: which fields, never their values.
    const fields = Object.fromEntries(changes.map((field) => [field, true]));
    await recordAudit(trx, {
      businessId,
      action: 'client.erased',
      target: { kind: 'client', id: clientId },
      before: fields,
      secret: changes,
    });
    const erased = (await findClient(trx, businessId, clientId))!;
    await app.outbox.emitEvent(trx, businessId, 'client.updated', { ...clientEventData(erased), changes, erased: true });
  }
  return adminClient({ db: trx }, businessId, clientId);
}

/** An event of the client's bookings, or a client.* event whose data is about this client. */
function namesClient(event: { booking_id: number | null; data: string }, clientId: number): boolean {
  if (event.booking_id !== null) return true;
  return (JSON.parse(event.data) as { clientId?: unknown }).clientId === clientId;
}
