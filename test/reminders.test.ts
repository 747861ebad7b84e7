import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { reminderTime } from '../src/time/quiet-hours.ts';
import { admin, bookingBody, TEST_NOW } from './helpers/salon.ts';
import { SmtpReceiver } from './helpers/smtp.ts';
import { useReceiver, useSalon } from './helpers/suite.ts';
import { eventually, sleep } from './helpers/wait.ts';

const at = (local: string) => Date.parse(local);

describe('when a reminder goes out', () => {
  const zone = 'Europe/Berlin';
  it('the lead before the visit, in the day', () => {
    assert.equal(reminderTime(at('2026-11-24T12:00:00+01:00'), 1440, zone), at('2026-11-23T12:00:00+01:00'));
    assert.equal(reminderTime(at('2026-11-24T12:00:00+01:00'), 60, zone), at('2026-11-24T11:00:00+01:00'));
    assert.equal(reminderTime(at('2026-11-24T09:00:00+01:00'), 60, zone), at('2026-11-24T08:00:00+01:00'), '08:00 is day');
  });
  it('in the salon’s night (21:00 to 08:00) at 20:00 the evening before instead, never later', () => {
    assert.equal(reminderTime(at('2026-11-24T09:00:00+01:00'), 120, zone), at('2026-11-23T20:00:00+01:00'));
    assert.equal(reminderTime(at('2026-11-24T22:30:00+01:00'), 1440, zone), at('2026-11-23T20:00:00+01:00'));
    assert.equal(reminderTime(at('2026-11-24T21:00:00+01:00'), 60, zone), at('2026-11-24T20:00:00+01:00'));
    assert.equal(reminderTime(at('2026-11-24T00:30:00+01:00'), 60, zone), at('2026-11-23T20:00:00+01:00'));
  });
  it('in the salon’s zone across a daylight-saving change', () => {
    // 29 March 2027: Berlin skips 02:00–03:00 on the 28th.
    assert.equal(reminderTime(at('2027-03-29T09:00:00+02:00'), 1440, zone), at('2027-03-28T09:00:00+02:00'));
    assert.equal(reminderTime(at('2027-03-28T10:00:00+02:00'), 240, zone), at('2027-03-27T20:00:00+01:00'));
  });
  it('never, with a lead of 0', () => {
    assert.equal(reminderTime(at('2026-11-24T12:00:00+01:00'), 0, zone), undefined);
  });
});

describe('reminders: at their time, by e-mail and booking.reminder_due; moved with the booking, gone when it is cancelled', () => {
  const { clock, app, salon } = useSalon({ name: 'Salon Rosa' });
  const receiver = useReceiver();
  let smtp: SmtpReceiver;

  before(async () => {
    smtp = await SmtpReceiver.start();
    await admin(app, 'PATCH', salon.base, { email: 'hello@rosa.test', reminderLeadMinutes: 60 }, 200);
    await admin(app, 'PUT', `${salon.base}/mail`, { host: '127.0.0.1', port: smtp.port, tls: 'none' }, 200);
    await app.webhook(salon.key, receiver.url(), ['booking.reminder_due']);
  });
  after(async () => {
    await smtp?.close();
  });

  const book = async (startTime: string, email: string) => {
    const reply = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: bookingBody(salon.haircut, startTime, { staffId: salon.anna, client: { name: 'Ada Lovelace', email } }),
    });
    assert.equal(reply.status, 201, reply.text);
    return reply.body.id as number;
  };
  const reminded = () => smtp.messages.filter((m) => m.mail.subject?.startsWith('Reminder:'));
  const dueOf = async (bookingId: number) =>
    (await app.context.db.selectFrom('booking_reminders').select('due_at').where('booking_id', '=', bookingId).executeTakeFirst())?.due_at;
  /** Moves the clock to `local` and lets the reminders' tick (each second) and the senders run. */
  const passTo = async (local: string) => {
    clock.set(at(local));
    await sleep(1_300);
  };

  it('arrives at its time with a short lead, not before, and tells the webhooks', async () => {
    const id = await book('2026-11-24T12:00:00+01:00', 'ada@example.com');
    await smtp.waitFor(1);
    await passTo('2026-11-24T10:59:00+01:00');
    assert.equal(reminded().length, 0, 'not before its time');
    clock.set(at('2026-11-24T11:00:00+01:00'));
    const [reminder] = await eventually(() => (reminded().length === 1 ? reminded() : undefined), 5_000, 'the reminder');
    assert.equal(reminder!.mail.subject, 'Reminder: your appointment at Salon Rosa, Tuesday, 24 November 2026 at 12:00');
    assert.match(
      reminder!.raw,
      /^List-Unsubscribe:\s+<http:\/\/127\.0\.0\.1:\d+\/v1\/integration\/manage\/mng_[\w-]{43}\/unsubscribe>\r?$/m,
    );
    assert.match(reminder!.raw, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    // What a mail program does with them: one POST to that address, no page, no questions.
    const oneClick = /^List-Unsubscribe:\s+<([^>]+)>/m.exec(reminder!.raw)![1]!;
    const stopped = await fetch(oneClick, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    assert.equal(stopped.status, 200);
    const ada = (await admin(app, 'GET', `${salon.base}/clients?search=ada@example.com`, undefined, 200)).body.data[0];
    assert.ok(ada.emailState.remindersOffAt, 'reminders off for her address');
    const [delivery] = await receiver.waitFor(1);
    const envelope = JSON.parse(delivery!.body);
    assert.equal(envelope.event, 'booking.reminder_due');
    assert.equal(envelope.data.bookingId, id);
    assert.equal(await dueOf(id), undefined, 'fired once');
    await passTo('2026-11-24T11:05:00+01:00');
    assert.equal(reminded().length, 1);
    assert.equal(receiver.requests.length, 1);
    clock.set(TEST_NOW);
  });

  it('in the night goes out at 20:00 the evening before', async () => {
    await admin(app, 'PATCH', salon.base, { reminderLeadMinutes: 120 }, 200);
    const id = await book('2026-11-25T09:00:00+01:00', 'night@example.com');
    assert.equal(await dueOf(id), at('2026-11-24T20:00:00+01:00'));
    await admin(app, 'PATCH', salon.base, { reminderLeadMinutes: 60 }, 200);
  });

  it('moves with its booking, and disappears when the booking is cancelled', async () => {
    const moved = await book('2026-11-26T12:00:00+01:00', 'moved@example.com');
    const cancelled = await book('2026-11-26T15:00:00+01:00', 'cancelled@example.com');
    assert.equal(await dueOf(moved), at('2026-11-26T11:00:00+01:00'));
    await admin(app, 'POST', `${salon.base}/bookings/${moved}/reschedule`, { startTime: '2026-11-26T16:30:00+01:00' }, 200);
    assert.equal(await dueOf(moved), at('2026-11-26T15:30:00+01:00'));
    await admin(app, 'POST', `${salon.base}/bookings/${cancelled}/cancel`, { reason: 'ill' }, 200);
    assert.equal(await dueOf(cancelled), undefined);
    const before = receiver.requests.length;
    await passTo('2026-11-26T14:00:00+01:00');
    assert.equal(receiver.requests.length, before, 'nothing at the moved booking’s old time, nor for the cancelled one');
    clock.set(at('2026-11-26T15:30:00+01:00'));
    const [delivery] = (await receiver.waitFor(before + 1)).slice(before);
    assert.equal(JSON.parse(delivery!.body).data.bookingId, moved);
    const reminder = await eventually(() => reminded().find((m) => m.to.includes('moved@example.com')), 5_000, 'its e-mail');
    assert.match(reminder.mail.subject ?? '', /at 16:30$/);
    assert.equal(reminded().filter((m) => m.to.includes('cancelled@example.com')).length, 0);
    clock.set(TEST_NOW);
  });

  it('reaches no client who stopped them; the webhooks still hear the reminder', async () => {
    const id = await book('2026-11-27T12:00:00+01:00', 'quiet@example.com');
    const received = await eventually(() => smtp.messages.find((m) => m.to.includes('quiet@example.com')), 5_000, 'the booking’s e-mail');
    const token = /\/manage\/(mng_[\w-]{43})/.exec(received.mail.html || '')![1];
    assert.equal((await app.request('POST', `/v1/integration/manage/${token}/unsubscribe`)).status, 200);
    const before = receiver.requests.length;
    clock.set(at('2026-11-27T11:00:00+01:00'));
    await receiver.waitFor(before + 1);
    const events = (await admin(app, 'GET', `${salon.base}/bookings/${id}/events`, undefined, 200)).body.data;
    const due = events.find((e: any) => e.event === 'booking.reminder_due');
    assert.deepEqual(
      due.messages.map((m: any) => [m.kind, m.status, m.error]),
      [['reminder', 'skipped', 'The client turned reminders off.']],
    );
    assert.equal(reminded().filter((m) => m.to.includes('quiet@example.com')).length, 0);
    clock.set(TEST_NOW);
  });
});
