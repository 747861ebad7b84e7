import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sha256Hex } from '../src/ids.ts';
import { assertAnswer } from './helpers/event-schemas.ts';
import { captureLogs } from './helpers/log-capture.ts';
import { admin, bookingBody, MONDAY, TEST_NOW } from './helpers/salon.ts';
import { SmtpReceiver } from './helpers/smtp.ts';
import { useSalon } from './helpers/suite.ts';
import { eventually } from './helpers/wait.ts';

/** The manage link's token in a message's HTML. */
function tokenIn(html: string): string {
  const token = /\/manage\/(mng_[\w-]{43})/.exec(html)?.[1];
  assert.ok(token, 'a manage link in the message');
  return token;
}

describe('the manage link: the client sees, moves and cancels the visit under the salon’s rules', () => {
  const logs = captureLogs('info');
  const { clock, app, salon } = useSalon({ name: 'Salon Rosa', logger: logs.logger });
  let smtp: SmtpReceiver;
  let token: string;
  let bookingId: number;

  const manage = (method: string, path = '', body?: unknown, extra: { raw?: string; headers?: Record<string, string> } = {}) =>
    app.request(method, `/v1/integration/manage/${token}${path}`, { body, ...extra });

  before(async () => {
    smtp = await SmtpReceiver.start();
    await admin(app, 'PATCH', salon.base, { email: 'hello@rosa.test', phone: '+49 30 1234' }, 200);
    await admin(app, 'PUT', `${salon.base}/mail`, { host: '127.0.0.1', port: smtp.port, tls: 'none' }, 200);
    const booked = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: bookingBody(salon.haircut, `${MONDAY}T10:00:00+01:00`, { staffId: salon.anna }),
    });
    assert.equal(booked.status, 201);
    bookingId = booked.body.id;
    const [received] = await smtp.waitFor(1);
    token = tokenIn(received!.mail.html || '');
  });
  after(async () => {
    await smtp?.close();
  });

  it('keeps only the SHA-256 of the token, and forgets the token itself once the message is sent', async () => {
    const db = app.context.db;
    const links = await db.selectFrom('manage_links').selectAll().where('booking_id', '=', bookingId).execute();
    assert.deepEqual(
      links.map((l) => l.token_hash),
      [sha256Hex(token)],
    );
    const message = await eventually(async () => {
      const row = await db.selectFrom('mail_messages').selectAll().where('booking_id', '=', bookingId).executeTakeFirstOrThrow();
      return row.status === 'sent' ? row : undefined;
    });
    assert.equal(message.manage_token, null);
    assert.equal(Buffer.from(token.slice(4), 'base64url').length * 8, 256, 'at least 128 random bits');
  });

  it('shows the visit in the salon’s language, with what the client may do', async () => {
    const reply = await manage('GET');
    assert.equal(reply.status, 200, reply.text);
    assertAnswer('ManagedVisit', reply.body);
    assert.equal(reply.headers.get('cache-control'), 'no-store');
    assert.deepEqual(reply.body.salon, {
      name: 'Salon Rosa',
      address: null,
      phone: '+49 30 1234',
      email: 'hello@rosa.test',
      locale: 'en-GB',
      timezone: 'Europe/Berlin',
    });
    assert.equal(reply.body.visit.startTime, '2026-11-23T10:00:00.000+01:00');
    assert.equal(reply.body.visit.staffName, 'Anna');
    assert.equal(reply.body.canChange, true);
    assert.equal(reply.body.changeUntil, '2026-11-22T10:00:00.000+01:00');
    assert.equal(reply.body.reminders, 'on');
    const calendar = await manage('GET', '/calendar.ics');
    assert.equal(calendar.status, 200);
    assert.match(calendar.headers.get('content-type') ?? '', /^text\/calendar/);
    assert.match(calendar.text, new RegExp(`UID:booking-${bookingId}@${salon.businessId}\\.booking-api`));
  });

  it('serves the page at /manage/<token>, and never logs the token', async () => {
    const page = await app.request('GET', `/manage/${token}`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    assert.equal(page.headers.get('referrer-policy'), 'no-referrer');
    assert.equal((await app.request('GET', `/manage/${token}/unsubscribe`)).status, 404, 'only the page itself');
    assert.equal((await app.request('GET', '/manage/mng_short')).status, 404);
    assert.doesNotMatch(logs.text(), new RegExp(token.slice(4)));
    assert.match(logs.text(), /"path":"\/v1\/integration\/manage\/:token"/);
  });

  it('answers 404 for a token that names nothing', async () => {
    const unknown = await app.request('GET', `/v1/integration/manage/mng_${'A'.repeat(43)}`);
    assert.equal(unknown.status, 404);
    assert.equal((await app.request('GET', '/v1/integration/manage/not-a-token')).status, 404);
  });

  it('offers free times of the same staff member under the booking rules, holds of any key taken out', async () => {
    const held = await app.request('POST', '/v1/integration/slots/holds', {
      key: salon.key,
      body: { serviceId: salon.haircut, staffId: salon.anna, startTime: `${MONDAY}T14:00:00+01:00` },
    });
    assert.equal(held.status, 201, held.text);
    const reply = await manage('GET', `/slots?from=${MONDAY}&to=${MONDAY}`);
    assert.equal(reply.status, 200, reply.text);
    assertAnswer('ManagedVisitSlots', reply.body);
    const starts = reply.body.data.map((s: { startTime: string }) => s.startTime.slice(11, 16));
    assert.ok(starts.includes('10:00'), 'its own time is free for it');
    assert.ok(starts.includes('11:00'));
    assert.ok(!starts.includes('14:00'), 'a held time is not offered');
    assert.ok(!starts.includes('13:00'), 'not across the break');
    const moveOntoHold = await manage('POST', '/reschedule', { startTime: `${MONDAY}T14:00:00+01:00` });
    assert.equal(moveOntoHold.status, 409);
    assert.equal(moveOntoHold.body.code, 'slot_unavailable');
    const byDefault = await manage('GET', '/slots');
    assert.equal(byDefault.body.from, '2026-11-21');
    assert.equal(byDefault.body.to, '2026-12-04');
    assert.equal((await manage('GET', '/slots?from=2026-11-21&to=2027-01-21')).status, 400);
  });

  it('moves the visit: booking.rescheduled says the client did it, and an e-mail says where it is now', async () => {
    const moved = await manage('POST', '/reschedule', { startTime: `${MONDAY}T11:00:00+01:00` });
    assert.equal(moved.status, 200, moved.text);
    assertAnswer('ManagedVisit', moved.body);
    assert.equal(moved.body.visit.startTime, '2026-11-23T11:00:00.000+01:00');
    const events = (await admin(app, 'GET', `${salon.base}/bookings/${bookingId}/events`, undefined, 200)).body.data;
    assert.equal(events[0].event, 'booking.rescheduled');
    assert.equal(events[0].data.rescheduledBy, 'client');
    assert.equal(events[0].data.staffName, 'Anna');
    const all = await smtp.waitFor(2);
    assert.match(all[1]!.mail.subject ?? '', /^New time: .* at 11:00$/);
  });

  it('stops reminders with one click (RFC 8058), and a browser opening the address is sent to the page', async () => {
    const opened = await fetch(`${app.url}/v1/integration/manage/${token}/unsubscribe`, { redirect: 'manual' });
    assert.equal(opened.status, 303);
    assert.equal(new URL(opened.headers.get('location')!, opened.url).href, `${app.url}/manage/${token}?reminders=stop`);
    const stop = await manage('POST', '/unsubscribe', undefined, {
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(stop.status, 200, stop.text);
    assert.deepEqual(stop.body, { reminders: 'off' });
    assertAnswer('RemindersState', stop.body);
    assert.equal((await manage('GET')).body.reminders, 'off');
    const client = (await admin(app, 'GET', `${salon.base}/clients?search=ada`, undefined, 200)).body.data[0];
    assert.ok(client.emailState.remindersOffAt);
  });

  // After the reminders are stopped: the clock is then past the reminder's due time, and the
  // reminders' once-a-second tick may fire it while it stands there (with the reminders on, that
  // mailed a reminder before the cancellation on a loaded machine).
  it('inside the cut-off, refuses changes and gives the salon’s phone', async () => {
    clock.set(Date.parse('2026-11-22T11:30:00+01:00'));
    try {
      const visit = await manage('GET');
      assert.equal(visit.body.canChange, false);
      assert.equal((await manage('GET', '/slots')).body.total, 0);
      const refused = await manage('POST', '/cancel', { reason: 'ill' });
      assert.equal(refused.status, 409);
      assert.equal(refused.body.code, 'too_late_to_change');
      assert.match(refused.body.message, /\+49 30 1234/);
    } finally {
      clock.set(TEST_NOW);
    }
  });

  it('cancels with the client’s reason: booking.cancelled says the client did it', async () => {
    const cancelled = await manage('POST', '/cancel', { reason: 'Moving house' });
    assert.equal(cancelled.status, 200, cancelled.text);
    assertAnswer('ManagedVisit', cancelled.body);
    assert.equal(cancelled.body.visit.status, 'cancelled');
    assert.equal(cancelled.body.canChange, false);
    const events = (await admin(app, 'GET', `${salon.base}/bookings/${bookingId}/events`, undefined, 200)).body.data;
    assert.equal(events[0].event, 'booking.cancelled');
    assert.equal(events[0].data.cancelledBy, 'client');
    assert.equal(events[0].data.cancelReason, 'Moving house');
    const all = await smtp.waitFor(3);
    assert.match(all[2]!.mail.subject ?? '', /^Cancelled:/);
    assert.ok(!all.some((m) => /^Reminder:/.test(m.mail.subject ?? '')), 'no reminder once the client stopped them');
    assert.equal((await manage('POST', '/cancel')).status, 409);
  });

  it('is useless after the visit: 410 link_expired', async () => {
    clock.set(Date.parse(`${MONDAY}T12:00:00+01:00`));
    try {
      const over = await manage('GET');
      assert.equal(over.status, 410);
      assert.equal(over.body.code, 'link_expired');
      assert.equal((await manage('POST', '/reschedule', { startTime: `${MONDAY}T15:00:00+01:00` })).status, 410);
    } finally {
      clock.set(TEST_NOW);
    }
  });
});
