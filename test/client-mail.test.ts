import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ICAL from 'ical.js';
import { admin, bookingBody, MONDAY } from './helpers/salon.ts';
import { SmtpReceiver, type Arrived } from './helpers/smtp.ts';
import { useSalon } from './helpers/suite.ts';
import { eventually } from './helpers/wait.ts';

/** The one calendar event of a message's .ics attachment, read by ical.js. */
function calendarOf(message: Arrived) {
  const file = message.mail.attachments.find((a) => /calendar|ics/.test(a.contentType));
  assert.ok(file, `an iCalendar attachment in ${message.mail.attachments.map((a) => a.contentType).join(', ')}`);
  const calendar = new ICAL.Component(ICAL.parse(file.content.toString('utf8')));
  const events = calendar.getAllSubcomponents('vevent');
  assert.equal(events.length, 1, 'one appointment');
  const event = new ICAL.Event(events[0]!);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().getTime(),
    end: event.endDate.toJSDate().getTime(),
    status: events[0]!.getFirstPropertyValue('status'),
    summary: event.summary,
  };
}

describe('e-mail to clients: confirmations, changes, the calendar file', () => {
  const { clock, app, salon } = useSalon({ name: 'Salon Rosa' });
  let smtp: SmtpReceiver;

  before(async () => {
    smtp = await SmtpReceiver.start();
    await admin(app, 'PATCH', salon.base, { email: 'hello@rosa.test', phone: '+49 30 1234', address: 'Rosenweg 1, Berlin' }, 200);
  });
  after(async () => {
    await smtp?.close();
  });

  const events = async (bookingId: number) =>
    (await admin(app, 'GET', `${salon.base}/bookings/${bookingId}/events`, undefined, 200)).body.data;

  it('without a mail server, a booking still works and its history says the client got no e-mail, and why', async () => {
    const mail = (await admin(app, 'GET', `${salon.base}/mail`, undefined, 200)).body;
    assert.equal(mail.configured, false);
    const booked = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: bookingBody(salon.haircut, `${MONDAY}T09:00:00+01:00`),
    });
    assert.equal(booked.status, 201);
    const [created] = await events(booked.body.id);
    assert.deepEqual(
      created.messages.map((m: any) => [m.kind, m.status, m.to]),
      [['received', 'skipped', 'ada@example.com']],
    );
    assert.match(created.messages[0].error, /No mail server is set up/);
  });

  it('sends "received", then "confirmed", "moved" and "cancelled", each with one appointment that calendar programs keep as one', async () => {
    const saved = await admin(app, 'PUT', `${salon.base}/mail`, { host: '127.0.0.1', port: smtp.port, tls: 'none' }, 200);
    assert.equal(saved.body.configured, true);
    assert.equal(saved.body.sender, 'hello@rosa.test');

    const booked = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: bookingBody(salon.haircut, `${MONDAY}T10:00:00+01:00`, { client: { name: 'Ada Lovelace', email: 'ada@example.com' } }),
    });
    assert.equal(booked.status, 201);
    const id = booked.body.id;
    const [received] = await smtp.waitFor(1);
    assert.deepEqual(received!.to, ['ada@example.com']);
    assert.equal(received!.from, 'hello@rosa.test');
    assert.equal(received!.mail.subject, 'We have your booking request at Salon Rosa: Monday, 23 November 2026 at 10:00');
    assert.match(received!.mail.text ?? '', /Hello Ada Lovelace,/);
    assert.match(received!.mail.text ?? '', /When: Monday, 23 November 2026, 10:00–10:45/);
    assert.match(received!.mail.text ?? '', /Where: Salon Rosa, Rosenweg 1, Berlin/);
    assert.match(received!.mail.text ?? '', /Phone: \+49 30 1234/);
    assert.match(received!.mail.text ?? '', /until Sunday, 22 November 2026 at 10:00; after that, please call \+49 30 1234/);
    assert.match(received!.mail.html || '', /<a href="http:\/\/127\.0\.0\.1:\d+\/manage\/mng_[\w-]{43}"/);
    const first = calendarOf(received!);
    assert.equal(first.method, 'REQUEST');
    assert.equal(first.status, 'TENTATIVE');
    assert.equal(first.start, Date.parse(`${MONDAY}T10:00:00+01:00`));
    assert.equal(first.end, Date.parse(`${MONDAY}T10:45:00+01:00`));
    assert.equal(first.summary, 'Haircut at Salon Rosa');

    await admin(app, 'POST', `${salon.base}/bookings/${id}/confirm`, undefined, 200);
    clock.advance(60_000);
    await admin(app, 'POST', `${salon.base}/bookings/${id}/reschedule`, { startTime: `${MONDAY}T11:00:00+01:00` }, 200);
    clock.advance(60_000);
    await admin(app, 'POST', `${salon.base}/bookings/${id}/cancel`, { reason: 'Staff ill' }, 200);
    const all = await smtp.waitFor(4);
    const bySubject = (prefix: string) => all.find((m) => m.mail.subject?.startsWith(prefix))!;
    const confirmed = bySubject('Confirmed:');
    const moved = bySubject('New time:');
    const cancelled = bySubject('Cancelled:');
    assert.equal(calendarOf(confirmed).status, 'CONFIRMED');
    assert.equal(moved.mail.subject, 'New time: your appointment at Salon Rosa is now Monday, 23 November 2026 at 11:00');
    assert.match(moved.mail.text ?? '', /It was on Monday, 23 November 2026 at 10:00\./);
    assert.match(cancelled.mail.text ?? '', /Reason: Staff ill/);
    assert.doesNotMatch(cancelled.mail.text ?? '', /manage\//, 'no link to manage a cancelled visit');

    const [c, m, x] = [calendarOf(confirmed), calendarOf(moved), calendarOf(cancelled)];
    assert.equal(new Set([first.uid, c.uid, m.uid, x.uid]).size, 1, 'one UID for the booking in every message');
    assert.equal(m.method, 'REQUEST');
    assert.equal(m.start, Date.parse(`${MONDAY}T11:00:00+01:00`));
    assert.equal(x.method, 'CANCEL');
    assert.equal(x.status, 'CANCELLED');
    assert.ok(first.sequence <= c.sequence && c.sequence < m.sequence && m.sequence < x.sequence, 'each change a later SEQUENCE');
    assert.equal(new Set(all.map((a) => a.mail.messageId)).size, 4);

    const history = await eventually(async () => {
      const list = await events(id);
      return list.every((e: any) => e.messages.every((msg: any) => msg.status === 'sent')) ? list : undefined;
    });
    assert.deepEqual(
      history.map((e: any) => [e.event, e.messages.map((msg: any) => msg.kind)]),
      [
        ['booking.cancelled', ['cancelled']],
        ['booking.rescheduled', ['moved']],
        ['booking.confirmed', ['confirmed']],
        ['booking.created', ['received']],
      ],
    );
  });
});
