import type { Tx } from '../db/transaction.ts';
import { searchKeys } from '../clients/clients.repository.ts';
import { ERASED_NAME, type Identity, scrubJsonText, scrubText } from './scrub.ts';

const ERASED_MESSAGE = 'Not sent: the client was erased.';

/** The client record: a name that says so, no contact values, no notes, and search keys made from those. */
export async function eraseClientRecord(trx: Tx, clientId: number, now: number): Promise<void> {
  await trx
    .updateTable('clients')
    .set({
      name: ERASED_NAME,
      email: null,
      email_normalized: null,
      phone: null,
      notes: '',
      ...searchKeys(ERASED_NAME, null, null),
      updated_at: now,
    })
    .where('id', '=', clientId)
    .execute();
}

/** The bookings keep their times, services, prices and statuses; the details they were made with go. */
export async function eraseBookings(trx: Tx, bookingIds: readonly number[], who: Identity): Promise<void> {
  if (bookingIds.length === 0) return;
  await trx
    .updateTable('bookings')
    .set({ booked_email: null, booked_phone: null, notes: '', client_check: null })
    .where('id', 'in', bookingIds)
    .execute();
  await trx
    .updateTable('bookings')
    .set({ booked_name: ERASED_NAME })
    .where('id', 'in', bookingIds)
    .where('booked_name', 'is not', null)
    .execute();
  const reasons = await trx
    .selectFrom('bookings')
    .select(['id', 'cancel_reason'])
    .where('id', 'in', bookingIds)
    .where('cancel_reason', 'is not', null)
    .execute();
  for (const row of reasons) {
    const scrubbed = scrubText(row.cancel_reason!, who);
    if (scrubbed !== row.cancel_reason)
      await trx.updateTable('bookings').set({ cancel_reason: scrubbed }).where('id', '=', row.id).execute();
  }
  await trx.deleteFrom('manage_links').where('booking_id', 'in', bookingIds).execute();
}

/** Payments keep their amounts; a note that names the client is masked. */
export async function erasePaymentNotes(trx: Tx, bookingIds: readonly number[], who: Identity): Promise<void> {
  if (bookingIds.length === 0) return;
  const rows = await trx.selectFrom('payments').select(['id', 'note']).where('booking_id', 'in', bookingIds).execute();
  for (const row of rows) {
    const note = scrubText(row.note, who);
    if (note !== row.note) await trx.updateTable('payments').set({ note }).where('id', '=', row.id).execute();
  }
}

/** Reviews keep their rating (the salon's average stays right); the author's name and words go. */
export async function eraseReviews(trx: Tx, reviewIds: readonly number[]): Promise<void> {
  if (reviewIds.length === 0) return;
  await trx.updateTable('reviews').set({ author_name: ERASED_NAME, comment: '' }).where('id', 'in', reviewIds).execute();
}

/** The mail log keeps what was sent when; the address and the visit's copy lose the client, and nothing waiting goes out. */
export async function eraseMessages(trx: Tx, bookingIds: readonly number[], who: Identity, now: number): Promise<void> {
  if (bookingIds.length === 0) return;
  const rows = await trx.selectFrom('mail_messages').select(['id', 'data', 'status']).where('booking_id', 'in', bookingIds).execute();
  for (const row of rows) {
    const waiting = row.status === 'pending';
    await trx
      .updateTable('mail_messages')
      .set({
        recipient: '',
        data: scrubJsonText(row.data, who),
        manage_token: null,
        ...(waiting ? { status: 'skipped', error: ERASED_MESSAGE, lease_until: null } : {}),
        updated_at: now,
      })
      .where('id', '=', row.id)
      .execute();
  }
}

/** What the salon's mail knew of the client's addresses (refused, reminders off). */
export async function forgetAddresses(trx: Tx, businessId: number, addresses: readonly string[]): Promise<void> {
  if (addresses.length === 0) return;
  await trx.deleteFrom('mail_addresses').where('business_id', '=', businessId).where('address', 'in', addresses).execute();
}

/** The events' data, and every webhook delivery's body and receiver's answer made of them. */
export async function eraseEvents(trx: Tx, events: ReadonlyArray<{ id: number; data: string }>, who: Identity): Promise<void> {
  for (const event of events) {
    const data = scrubJsonText(event.data, who);
    if (data !== event.data) await trx.updateTable('events').set({ data }).where('id', '=', event.id).execute();
  }
  if (events.length === 0) return;
  const deliveries = await trx
    .selectFrom('deliveries')
    .select(['id', 'body'])
    .where(
      'event_id',
      'in',
      events.map((e) => e.id),
    )
    .execute();
  for (const delivery of deliveries) {
    const body = scrubJsonText(delivery.body, who);
    if (body !== delivery.body) await trx.updateTable('deliveries').set({ body }).where('id', '=', delivery.id).execute();
    await eraseAnswers(trx, delivery.id, who);
  }
}

async function eraseAnswers(trx: Tx, deliveryPk: number, who: Identity): Promise<void> {
  const attempts = await trx
    .selectFrom('delivery_attempts')
    .select(['id', 'response_excerpt'])
    .where('delivery_pk', '=', deliveryPk)
    .where('response_excerpt', 'is not', null)
    .execute();
  for (const attempt of attempts) {
    const excerpt = scrubText(attempt.response_excerpt!, who);
    if (excerpt !== attempt.response_excerpt)
      await trx.updateTable('delivery_attempts').set({ response_excerpt: excerpt }).where('id', '=', attempt.id).execute();
  }
}

/** The answers kept for an API key's repeated requests (a day at most) that show the client. */
export async function eraseKeptAnswers(trx: Tx, businessId: number, who: Identity): Promise<void> {
  const values = [...who.names, ...who.contacts].filter((v) => v.trim().length > 1);
  if (values.length === 0) return;
  const rows = await trx
    .selectFrom('idempotency_keys as i')
    .innerJoin('api_keys as k', 'k.id', 'i.api_key_id')
    .select(['i.api_key_id', 'i.key', 'i.response_body'])
    .where('k.business_id', '=', businessId)
    .where((eb) => eb.or(values.map((v) => eb('i.response_body', 'like', `%${v.trim()}%`))))
    .execute();
  for (const row of rows) {
    const body = scrubJsonText(row.response_body, who);
    await trx
      .updateTable('idempotency_keys')
      .set({ response_body: body })
      .where('api_key_id', '=', row.api_key_id)
      .where('key', '=', row.key)
      .execute();
  }
}

/**
 * The audit trail without the client: the entries about their record keep which fields changed
 * and lose every value; any other entry of the business that names them is scrubbed as events are.
 */
export async function eraseAuditEntries(trx: Tx, businessId: number, clientId: number, who: Identity): Promise<void> {
  const own = await trx
    .selectFrom('audit_entries')
    .select(['id', 'changes'])
    .where('business_id', '=', businessId)
    .where('target_kind', '=', 'client')
    .where('target_id', '=', clientId)
    .execute();
  for (const row of own) {
    const fields = Object.keys(JSON.parse(row.changes) as Record<string, unknown>);
    await trx
      .updateTable('audit_entries')
      .set({ changes: JSON.stringify(Object.fromEntries(fields.map((field) => [field, null]))) })
      .where('id', '=', row.id)
      .execute();
  }
  const values = [...who.names, ...who.contacts].filter((v) => v.trim().length > 1);
  if (values.length === 0) return;
  const mentions = await trx
    .selectFrom('audit_entries')
    .select(['id', 'changes'])
    .where('business_id', '=', businessId)
    .where((eb) => eb.or(values.map((v) => eb('changes', 'like', `%${v.trim()}%`))))
    .execute();
  for (const row of mentions) {
    await trx
      .updateTable('audit_entries')
      .set({ changes: scrubJsonText(row.changes, who) })
      .where('id', '=', row.id)
      .execute();
  }
}
