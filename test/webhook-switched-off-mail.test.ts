import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TestClock } from './helpers/clock.ts';
import { deliverySuite } from './helpers/delivery-suite.ts';
import { admin, TEST_NOW } from './helpers/salon.ts';
import { SmtpReceiver } from './helpers/smtp.ts';
import { eventually } from './helpers/wait.ts';

/*
 * Issue 24, section 4: when a webhook is switched off after its failures and the salon has mail set
 * up, its owner gets one e-mail (per switch-off) at the salon's own address, in the salon's
 * language, naming the connection, the last error and what to do. Without an address or a mail
 * server nothing is queued and nothing fails: the overview's notice tells the salon.
 */

describe('the owner’s e-mail about a connection switched off', () => {
  const clock = new TestClock(TEST_NOW);
  const t = deliverySuite({ clock, config: { retryDelays: [0], failuresBeforeDisable: 2 } });
  let smtp: SmtpReceiver;

  before(async () => {
    smtp = await SmtpReceiver.start();
  });
  after(async () => {
    await smtp?.close();
  });

  const base = () => `/businesses/${t.businessId}`;
  const owner = () => `owner-${t.businessId}@salon.test`;
  /** The salon's address and its own mail server, as Settings gives them. */
  const mailSetUp = async (parts: { email?: boolean; server?: boolean } = {}) => {
    if (parts.email !== false) await admin(t.app, 'PATCH', base(), { email: owner() }, 200);
    if (parts.server !== false) await admin(t.app, 'PUT', `${base()}/mail`, { host: '127.0.0.1', port: smtp.port, tls: 'none' }, 200);
  };
  /** Two events the receiver answers 500: switched off. `from` numbers the bookings. */
  const switchOff = async (webhookId: number, from: number) => {
    t.receiver.handle(() => ({ status: 500, body: 'down for maintenance' }));
    await t.app.emit(t.businessId, 'booking.created', { bookingId: from });
    await t.app.emit(t.businessId, 'booking.created', { bookingId: from + 1 });
    await eventually(
      async () =>
        (await t.app.request('GET', `/v1/integration/webhooks/${webhookId}`, { key: t.key })).body.status === 'failed' || undefined,
      10_000,
      'the webhook switched off',
    );
  };
  const connection = async (description: string) => {
    const webhook = await t.app.webhook(t.key, t.receiver.url('/crm'));
    await t.app.request('PATCH', `/v1/integration/webhooks/${webhook.id}`, { key: t.key, body: { description } });
    return webhook;
  };
  const queued = async () =>
    t.app.context.db
      .selectFrom('mail_messages')
      .select(['kind', 'recipient', 'status'])
      .where('business_id', '=', t.businessId)
      .orderBy('id')
      .execute();
  const arrivedFor = (address: string) => smtp.messages.filter((m) => m.to.includes(address));

  it('goes once to the salon’s address, naming the connection, the last error and the way back; again after the next switch-off', async () => {
    await mailSetUp();
    const webhook = await connection('Lena’s CRM');
    await switchOff(webhook.id, 1);
    const [message] = await eventually(
      async () => (arrivedFor(owner()).length === 1 ? arrivedFor(owner()) : undefined),
      10_000,
      'the e-mail',
    );
    assert.equal(message!.from, owner(), 'sent from the salon’s address, no sender of its own set');
    assert.equal(message!.mail.subject, 'Switched off: the connection “Lena’s CRM” gets no more notifications');
    const text = message!.mail.text ?? '';
    assert.match(
      text,
      /The connection “Lena’s CRM” was switched off on Saturday, 21 November 2026 at 11:00, after 2 notifications in a row/,
    );
    assert.match(text, /Last error: receiver answered 500 Internal Server Error/);
    assert.match(text, /press “Switch back on” on the Connections page/);
    assert.match(text, /Open Connections: http:\/\/127\.0\.0\.1:\d+\/#connections/);
    assert.match(message!.mail.html || '', /<a href="http:\/\/127\.0\.0\.1:\d+\/#connections"/);
    // The receiver has the message a moment before the server hears its 250 and marks it sent.
    const marked = await eventually(
      async () => ((await queued()).every((m) => m.status === 'sent') ? queued() : undefined),
      10_000,
      'the e-mail marked sent',
    );
    assert.deepEqual(marked, [{ kind: 'switched_off', recipient: owner(), status: 'sent' }]);

    // Off, it hears of nothing: no more failures, no more e-mail.
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 3 });
    await admin(t.app, 'PATCH', `${base()}/webhooks/${webhook.id}`, { status: 'active' }, 200);
    await switchOff(webhook.id, 4);
    await eventually(async () => arrivedFor(owner()).length === 2 || undefined, 10_000, 'the second e-mail');
    assert.deepEqual(
      (await queued()).map((m) => m.kind),
      ['switched_off', 'switched_off'],
      'one per switch-off',
    );
  });

  it('is in the salon’s language: the booking page’s', async () => {
    await mailSetUp();
    await admin(t.app, 'PATCH', `${base()}/booking-page`, { locale: 'de-DE' }, 200);
    const webhook = await connection('Kassensystem');
    await switchOff(webhook.id, 1);
    const [message] = await eventually(
      async () => (arrivedFor(owner()).length === 1 ? arrivedFor(owner()) : undefined),
      10_000,
      'the e-mail',
    );
    assert.equal(message!.mail.subject, 'Abgeschaltet: Die Verbindung „Kassensystem“ erhält keine Benachrichtigungen mehr');
    const text = message!.mail.text ?? '';
    assert.match(text, /wurde am Samstag, 21\. November 2026 um 11:00 abgeschaltet, nachdem 2 Benachrichtigungen nacheinander/);
    assert.match(text, /Letzter Fehler: receiver answered 500 Internal Server Error/);
    assert.match(text, /„Connections“ öffnen: http:\/\/127\.0\.0\.1:\d+\/#connections/);
  });

  it('is not queued without the salon’s address or a mail server, and the switch-off and its notice go on as before', async () => {
    for (const parts of [{ email: false }, { server: false }]) {
      t.businessId = await t.app.business();
      t.key = (await t.app.key(t.businessId, ['webhooks:manage'])).key;
      await mailSetUp(parts);
      const webhook = await connection('Lena’s CRM');
      await switchOff(webhook.id, 1);
      const told = (await admin(t.app, 'GET', `${base()}/webhooks/switched-off`, undefined, 200)).body.data;
      assert.deepEqual(
        told.map((w: { webhookId: number }) => w.webhookId),
        [webhook.id],
        JSON.stringify(parts),
      );
      assert.deepEqual(await queued(), [], JSON.stringify(parts));
    }
  });
});
