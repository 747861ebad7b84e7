import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import type { Scope } from '../src/auth/scopes.ts';
import { assertEventData } from './helpers/event-schemas.ts';
import { admin, makeSalon, MONDAY } from './helpers/salon.ts';
import { eventually, sleep } from './helpers/wait.ts';
import { useReceiver, useSalon } from './helpers/suite.ts';

// Issue 26, finding 1: a widget key (bookings:write without bookings:read) booked with a stored
// client's phone or e-mail and got that client's stored name, e-mail and phone back. Now a caller
// learns nothing about a client it did not send, and a booking that names someone else on a known
// record is kept as sent and flagged for the salon.

const MARIA = { name: 'Maria Schmidt', email: 'maria.schmidt@example.com', phone: '+49 151 1234567' };
const at = (time: string) => `${MONDAY}T${time}:00+01:00`;
const WIDGET: Scope[] = ['services:read', 'staff:read', 'slots:read', 'bookings:write'];

describe('a booking for a known client', () => {
  const { app, salon } = useSalon({ salonPerTest: true });
  let widget: string;
  let maria: { id: number };

  beforeEach(async () => {
    widget = (await admin(app, 'POST', `${salon.base}/keys`, { name: 'Website widget', scopes: WIDGET }, 201)).body.key;
    maria = (await admin(app, 'POST', `${salon.base}/clients`, { ...MARIA, notes: 'allergic to ammonia' }, 201)).body;
  });

  const book = (key: string, time: string, client: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.request('POST', '/v1/integration/bookings', { key, headers, body: { serviceId: salon.haircut, startTime: at(time), client } });
  const adminBooking = async (id: number) => (await admin(app, 'GET', `${salon.base}/bookings/${id}`, undefined, 200)).body;

  /** Nothing of Maria's record that the caller did not send itself. */
  function assertNothingStored(text: string, sent: Record<string, unknown>) {
    for (const [field, value] of Object.entries(MARIA)) {
      if (sent[field] === value) continue;
      assert.equal(text.includes(value), false, `the answer gives away the stored ${field}: ${text}`);
    }
    assert.equal(JSON.parse(text).client.id, null, "the answer gives away the record's id");
  }

  for (const [by, sent] of [
    ['phone', { name: '?', phone: MARIA.phone }],
    ['e-mail, in another case', { name: '?', email: 'MARIA.Schmidt@Example.com' }],
  ] as const) {
    it(`answers a widget key that books with a stored client's ${by} with what it sent, and nothing stored`, async () => {
      const reply = await book(widget, '10:00', sent);
      assert.equal(reply.status, 201, reply.text);
      const expected = { name: '?', email: 'email' in sent ? sent.email : null, phone: 'phone' in sent ? sent.phone : null };
      assert.deepEqual(reply.body.client, { id: null, ...expected });
      assert.deepEqual(reply.body.bookedAs, expected);
      assert.equal(reply.body.clientCheck, null, 'not even whether it matched someone');
      assertNothingStored(reply.text, sent);

      // Its record is as it was; the salon sees the booking on it, as booked, with the question.
      const record = (await admin(app, 'GET', `${salon.base}/clients/${maria.id}`, undefined, 200)).body;
      assert.deepEqual({ name: record.name, email: record.email, phone: record.phone }, MARIA);
      const seen = await adminBooking(reply.body.id);
      assert.deepEqual(seen.client, { id: maria.id, ...MARIA });
      assert.deepEqual(seen.bookedAs, expected);
      assert.deepEqual(seen.clientCheck, { matchedBy: 'phone' in sent ? 'phone' : 'email' });
    });
  }

  it('keeps to what the widget sent in the replay, the reschedule and the cancel of its booking', async () => {
    const sent = { name: 'Someone', phone: MARIA.phone };
    const headers = { 'Idempotency-Key': 'widget-try-1' };
    const first = await book(widget, '10:00', sent, headers);
    assert.equal(first.status, 201, first.text);
    const replay = await book(widget, '10:00', sent, headers);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(replay.body, first.body);
    const moved = await app.request('POST', `/v1/integration/bookings/${first.body.id}/reschedule`, {
      key: widget,
      body: { startTime: at('11:00') },
    });
    assert.equal(moved.status, 200, moved.text);
    const unmoved = await app.request('POST', `/v1/integration/bookings/${first.body.id}/reschedule`, {
      key: widget,
      body: { startTime: at('11:00') },
    });
    assert.equal(unmoved.status, 200, unmoved.text);
    const cancelled = await app.request('POST', `/v1/integration/bookings/${first.body.id}/cancel`, { key: widget, body: {} });
    assert.equal(cancelled.status, 200, cancelled.text);
    for (const reply of [replay, moved, unmoved, cancelled]) {
      assert.deepEqual(reply.body.client, { id: null, name: 'Someone', email: null, phone: MARIA.phone });
      assert.equal(reply.body.clientCheck, null);
      assertNothingStored(reply.text, sent);
    }
  });

  it('gives a key with bookings:read the record, as before, with the details as booked and the check', async () => {
    const reply = await book(salon.key, '10:00', { name: 'Lena Schmidt', email: MARIA.email });
    assert.equal(reply.status, 201, reply.text);
    assert.deepEqual(reply.body.client, { id: maria.id, ...MARIA });
    assert.deepEqual(reply.body.bookedAs, { name: 'Lena Schmidt', email: MARIA.email, phone: null });
    assert.deepEqual(reply.body.clientCheck, { matchedBy: 'email' });
    const read = await app.request('GET', `/v1/integration/bookings/${reply.body.id}`, { key: salon.key });
    assert.deepEqual(read.body, reply.body);
  });

  it("asks nothing when the booking gives the record's own details, in any case and spacing", async () => {
    for (const [time, client] of [
      ['10:00', { name: ' maria  SCHMIDT ', email: MARIA.email }],
      ['11:00', { name: 'Maria Schmidt', email: MARIA.email, phone: '+49 (151) 123-4567' }],
      ['12:00', { name: 'Maria Schmidt', phone: MARIA.phone }],
    ] as const) {
      const made = await book(widget, time, client);
      assert.equal(made.status, 201, made.text);
      const seen = await adminBooking(made.body.id);
      assert.equal(seen.client.id, maria.id);
      assert.equal(seen.clientCheck, null, JSON.stringify(client));
    }
  });

  it('asks when the name is the same but the phone is another', async () => {
    const made = await book(widget, '10:00', { name: MARIA.name, email: MARIA.email, phone: '+49 170 9999999' });
    const seen = await adminBooking(made.body.id);
    assert.deepEqual(seen.clientCheck, { matchedBy: 'email' });
    assert.equal(seen.bookedAs.phone, '+49 170 9999999');
    assert.equal(seen.client.phone, MARIA.phone, 'the record keeps its phone');
  });

  it('puts a booking by a shared phone on the client of that name', async () => {
    const lena = (await admin(app, 'POST', `${salon.base}/clients`, { name: 'Lena Schmidt', phone: MARIA.phone }, 201)).body;
    const made = await book(widget, '10:00', { name: 'Lena Schmidt', phone: MARIA.phone });
    const seen = await adminBooking(made.body.id);
    assert.equal(seen.client.id, lena.id);
    assert.equal(seen.clientCheck, null);
  });

  it('lets the salon answer "same person": the booking stays on the record, which stays as it is', async () => {
    const made = await book(widget, '10:00', { name: 'M. Schmidt', phone: MARIA.phone });
    const path = `${salon.base}/bookings/${made.body.id}/client-check`;
    const kept = (await admin(app, 'POST', `${path}/same-person`, undefined, 200)).body;
    assert.equal(kept.clientCheck, null);
    assert.deepEqual(kept.client, { id: maria.id, ...MARIA });
    assert.equal(kept.bookedAs.name, 'M. Schmidt');
    for (const answer of ['same-person', 'different-person']) {
      const again = await admin(app, 'POST', `${path}/${answer}`, undefined, 409);
      assert.equal(again.body.code, 'no_client_check');
    }
    const unflagged = await book(salon.key, '11:00', { name: MARIA.name, email: MARIA.email });
    const none = await admin(app, 'POST', `${salon.base}/bookings/${unflagged.body.id}/client-check/same-person`, undefined, 409);
    assert.equal(none.body.code, 'no_client_check');
    await admin(app, 'POST', `${salon.base}/bookings/999999/client-check/same-person`, undefined, 404);
    const other = await makeSalon(app, 'Rival');
    await admin(app, 'POST', `${other.base}/bookings/${made.body.id}/client-check/different-person`, undefined, 404);
  });

  for (const [by, sent] of [
    ['phone', { name: 'Lena Schmidt', phone: MARIA.phone }],
    ['e-mail', { name: 'Lena Schmidt', email: MARIA.email, phone: '+49 170 5550000' }],
  ] as const) {
    it(`lets the salon answer "different person" for a booking matched by ${by}: a new client takes the booking`, async () => {
      const made = await book(widget, '10:00', sent);
      const moved = (await admin(app, 'POST', `${salon.base}/bookings/${made.body.id}/client-check/different-person`, undefined, 200)).body;
      assert.equal(moved.clientCheck, null);
      assert.notEqual(moved.client.id, maria.id);
      // The e-mail address stays Maria's: one client per address.
      assert.deepEqual(moved.client, { id: moved.client.id, name: 'Lena Schmidt', email: null, phone: sent.phone });
      const lena = (await admin(app, 'GET', `${salon.base}/clients/${moved.client.id}`, undefined, 200)).body;
      assert.equal(lena.name, 'Lena Schmidt');
      const record = (await admin(app, 'GET', `${salon.base}/clients/${maria.id}`, undefined, 200)).body;
      assert.deepEqual({ name: record.name, email: record.email, phone: record.phone }, MARIA);
      assert.equal((await adminBooking(made.body.id)).client.id, lena.id);
    });
  }
});

describe('webhooks and a key that books without bookings:read', () => {
  const { app, salon } = useSalon();
  const receiver = useReceiver();

  it("hear only that key's own bookings, with the client as it sent them, and nothing about clients", async () => {
    const maria = (await admin(app, 'POST', `${salon.base}/clients`, MARIA, 201)).body;
    const blind = (await admin(app, 'POST', `${salon.base}/keys`, { name: 'form with hooks', scopes: [...WIDGET, 'webhooks:manage'] }, 201))
      .body.key;
    const events = ['booking.created', 'booking.cancelled', 'client.created', 'client.updated', 'payment.received'] as const;
    for (const [key, path] of [
      [blind, '/blind'],
      [salon.key, '/crm'],
    ] as const) {
      const reply = await app.request('POST', '/v1/integration/webhooks', { key, body: { targetUrl: receiver.url(path), events } });
      assert.equal(reply.status, 201, reply.text);
    }
    const book = (key: string, time: string, client: Record<string, unknown>) =>
      app.request('POST', '/v1/integration/bookings', { key, body: { serviceId: salon.haircut, startTime: at(time), client } });

    const own = await book(blind, '10:00', { name: '?', phone: MARIA.phone });
    assert.equal(own.status, 201, own.text);
    const ownNew = await book(blind, '11:00', { name: 'New Person', phone: '+49 160 1111111' });
    const crms = await book(salon.key, '12:00', { name: 'Ada Lovelace', email: 'ada@example.com' });
    await admin(app, 'PATCH', `${salon.base}/clients/${maria.id}`, { notes: 'prefers mornings' }, 200);
    await admin(app, 'POST', `${salon.base}/payments`, { bookingId: crms.body.id, amount: 1000, method: 'cash' }, 201);
    await app.request('POST', `/v1/integration/bookings/${own.body.id}/cancel`, { key: blind, body: {} });

    // The CRM hears everything: 3 bookings, 2 new clients, 1 change, 1 payment, 1 cancel.
    const at_ = (path: string) => receiver.requests.filter((r) => r.path === path).map((r) => JSON.parse(r.body));
    const crm = await eventually(() => (at_('/crm').length >= 8 ? at_('/crm') : undefined), 10_000, 'the CRM hearing 8 events');
    await eventually(() => (at_('/blind').length >= 3 ? true : undefined), 10_000, 'the widget hearing its 3 events');
    await sleep(200); // for any it should not hear
    const heard = at_('/blind');
    assert.deepEqual(
      heard.map((e) => `${e.event} ${e.data.bookingId}`).sort(),
      [`booking.cancelled ${own.body.id}`, `booking.created ${ownNew.body.id}`, `booking.created ${own.body.id}`].sort(),
      'its own bookings, no client.*, payment.* or other bookings',
    );
    for (const envelope of heard) {
      assertEventData(envelope.event, envelope.data);
      assert.equal(envelope.data.client.id, null);
      assert.equal(envelope.data.clientCheck, null);
      assert.equal(JSON.stringify(envelope).includes(MARIA.name), false, 'no stored name');
    }
    const created = crm.find((e) => e.event === 'booking.created' && e.data.bookingId === own.body.id)!;
    assertEventData(created.event, created.data);
    assert.deepEqual(created.data.client, { id: maria.id, ...MARIA });
    assert.deepEqual(created.data.bookedAs, { name: '?', email: null, phone: MARIA.phone });
    assert.deepEqual(created.data.clientCheck, { matchedBy: 'phone' });
    assert.equal(crm.filter((e) => e.event === 'client.created').length, 2);
  });
});
