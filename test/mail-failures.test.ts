import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TestApp } from './helpers/app.ts';
import { TestClock } from './helpers/clock.ts';
import { captureLogs } from './helpers/log-capture.ts';
import { admin, bookingBody, makeSalon, MONDAY, TEST_NOW, type Salon } from './helpers/salon.ts';
import { SmtpReceiver } from './helpers/smtp.ts';
import { useSalon } from './helpers/suite.ts';
import { eventually } from './helpers/wait.ts';

describe('a mail server that does not take the message: one sentence for the salon, nothing lost', () => {
  const { clock, app, salon } = useSalon({ name: 'Salon Rosa' });
  let smtp: SmtpReceiver;
  let hour = 9;

  before(async () => {
    smtp = await SmtpReceiver.start({
      login: { user: 'rosa', pass: 'right password' },
      recipients: (address) => {
        if (address.startsWith('gone@')) return { code: 550, message: '5.1.1 No such mailbox' };
        if (address.startsWith('busy@')) return { code: 451, message: '4.2.1 Mailbox busy, try later' };
        return undefined;
      },
    });
    await admin(app, 'PATCH', salon.base, { email: 'hello@rosa.test' }, 200);
  });
  after(async () => {
    await smtp?.close();
  });

  const settings = (extra: Record<string, unknown> = {}) =>
    admin(app, 'PUT', `${salon.base}/mail`, { host: '127.0.0.1', port: smtp.port, tls: 'none', username: 'rosa', ...extra }, 200);
  const book = async (email: string) => {
    if (hour === 13) hour++; // the staff's break
    const reply = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: bookingBody(salon.haircut, `${MONDAY}T${String(hour++).padStart(2, '0')}:00:00+01:00`, { client: { name: 'Ada', email } }),
    });
    assert.equal(reply.status, 201, reply.text);
    return reply.body.id as number;
  };
  const messageOf = async (bookingId: number) =>
    (await admin(app, 'GET', `${salon.base}/bookings/${bookingId}/events`, undefined, 200)).body.data.at(-1).messages[0];
  const test = async (to = 'ada@example.com') => (await admin(app, 'POST', `${salon.base}/mail/test`, { to }, 200)).body;

  it('a wrong password: the message waits, Settings says why in one sentence, and it goes once the password is right', async () => {
    const saved = await settings({ password: 'wrong' });
    assert.equal(saved.body.salon.hasPassword, true);
    assert.equal(JSON.stringify(saved.body).includes('wrong'), false, 'the password is never shown');
    assert.deepEqual(await test(), {
      sent: false,
      message: 'The mail server refused the user name or password (535 Invalid username or password).',
    });
    const id = await book('ada@example.com');
    const waiting = await eventually(async () => {
      const message = await messageOf(id);
      return message.attempts > 0 ? message : undefined;
    });
    assert.equal(waiting.status, 'pending');
    assert.match(waiting.error, /refused the user name or password/);
    assert.equal(waiting.nextAttemptAt, new Date(TEST_NOW + 60_000).toISOString());
    const view = (await admin(app, 'GET', `${salon.base}/mail`, undefined, 200)).body;
    assert.equal(view.queue.waiting, 1);
    assert.match(view.queue.problem, /refused the user name or password/);

    await settings({ password: 'right password' });
    await smtp.waitFor(1);
    assert.equal((await eventually(async () => ((await messageOf(id)).status === 'sent' ? messageOf(id) : undefined))).attempts, 2);
    assert.deepEqual(await test(), {
      sent: true,
      message: 'Sent a test e-mail to ada@example.com from hello@rosa.test. If it does not arrive, look in the spam folder.',
    });
  });

  it('a wrong TLS setting or port is one sentence too', async () => {
    await settings({ tls: 'tls' });
    assert.match(
      (await test()).message,
      /^The TLS setting does not match the mail server at 127\.0\.0\.1, port \d+: port 587 usually takes STARTTLS/,
    );
    await settings({ port: 1 });
    assert.equal((await test()).message, 'Nothing answers at 127.0.0.1, port 1: check the host and the port.');
    await settings({ host: 'mail.invalid' });
    assert.equal((await test()).message, 'There is no mail server called mail.invalid: check the host name.');
    await settings();
  });

  it('a 5xx to the address marks it as not working, shown on the client; nothing more goes there until the salon says it works', async () => {
    const first = await book('gone@example.com');
    const failed = await eventually(async () => ((await messageOf(first)).status === 'failed' ? messageOf(first) : undefined));
    assert.equal(failed.error, "The client's mail server refused the address (550 5.1.1 No such mailbox).");
    const client = (await admin(app, 'GET', `${salon.base}/clients?search=gone`, undefined, 200)).body.data[0];
    assert.ok(client.emailState.refusedAt);
    assert.equal(client.emailState.refusedReason, failed.error);
    const second = await book('gone@example.com');
    assert.deepEqual(
      [(await messageOf(second)).status, (await messageOf(second)).error],
      ['skipped', `The client's mail server refused this address before (${failed.error}).`],
    );
    const fixed = await admin(app, 'POST', `${salon.base}/clients/${client.id}/email-works`, undefined, 200);
    assert.equal(fixed.body.emailState, null);
  });

  it('a 4xx waits and is tried again on the schedule', async () => {
    const arrived = smtp.messages.length;
    const id = await book('busy@example.com');
    await eventually(async () => ((await messageOf(id)).attempts === 1 ? true : undefined));
    assert.match((await messageOf(id)).error, /asked to try again later \(451 4\.2\.1 Mailbox busy/);
    smtp.options.recipients = undefined;
    clock.advance(61_000);
    await smtp.waitFor(arrived + 1);
    assert.equal((await eventually(async () => ((await messageOf(id)).status === 'sent' ? messageOf(id) : undefined))).attempts, 2);
    clock.set(TEST_NOW);
  });

  it('without a sender address, waits and says so', async () => {
    await admin(app, 'PATCH', salon.base, { email: null }, 200);
    try {
      const id = await book('ada@example.com');
      const waiting = await eventually(async () => ((await messageOf(id)).attempts > 0 ? messageOf(id) : undefined));
      assert.equal(waiting.error, 'There is no sender address: give the salon an e-mail address in Settings.');
    } finally {
      await admin(app, 'PATCH', salon.base, { email: 'hello@rosa.test' }, 200);
    }
  });
});

describe('BOOKING_SMTP_URL: a mail server for every salon without its own, its password never shown or logged', () => {
  const clock = new TestClock(TEST_NOW);
  const logs = captureLogs('debug');
  let app: TestApp;
  let smtp: SmtpReceiver;
  let salon: Salon;

  before(async () => {
    smtp = await SmtpReceiver.start({ login: { user: 'relay', pass: 's3cret-relay-pass' } });
    app = await TestApp.start({ clock, logger: logs.logger, config: { smtpUrl: smtp.url('&from=desk@relay.test') } });
    salon = await makeSalon(app, 'Friseur Rosa');
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
  });
  after(async () => {
    await app.stop();
    await smtp.close();
  });

  it('sends through it, in the salon’s language, from the sender it names', async () => {
    const view = (await admin(app, 'GET', `${salon.base}/mail`, undefined, 200)).body;
    assert.equal(view.source, 'server');
    assert.deepEqual(view.server, { host: '127.0.0.1', port: smtp.port, tls: 'none', username: 'relay', fromAddress: 'desk@relay.test' });
    assert.equal(view.sender, 'desk@relay.test');
    const booked = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: bookingBody(salon.haircut, `${MONDAY}T10:00:00+01:00`),
    });
    assert.equal(booked.status, 201);
    const [message] = await smtp.waitFor(1);
    assert.equal(message!.from, 'desk@relay.test');
    assert.equal(message!.mail.subject, 'Ihre Buchungsanfrage bei Friseur Rosa: Montag, 23. November 2026 um 10:00');
    assert.match(message!.mail.text ?? '', /Hallo Ada Lovelace,/);
    assert.match(message!.mail.text ?? '', /Wann: Montag, 23\. November 2026, 10:00–10:45/);
    assert.doesNotMatch(JSON.stringify(view), /s3cret/);
    assert.doesNotMatch(logs.text(), /s3cret/);
  });
});
