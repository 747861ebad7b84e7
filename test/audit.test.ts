import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TestApp } from './helpers/app.ts';
import { admin, bookingBody, MONDAY } from './helpers/salon.ts';
import { SmtpReceiver } from './helpers/smtp.ts';
import { useSalon } from './helpers/suite.ts';

/** The audit entries a request left, oldest first, their changes parsed. */
async function entriesOf(app: TestApp, requestId: string | null) {
  assert.ok(requestId, 'the answer names its request');
  const rows = await app.context.db.selectFrom('audit_entries').selectAll().where('request_id', '=', requestId).orderBy('id').execute();
  return rows.map((row) => ({ ...row, changes: JSON.parse(row.changes) as Record<string, unknown> }));
}

// Issue 23 section 3: who did what. The every-write check is generated from the operation tables in
// test/openapi.test.ts; this file holds what an entry says.
describe('the audit trail: who changed what, from where, and only what changed', () => {
  const { clock, app, salon } = useSalon();

  it('records a change of the back office with the fields that changed, before and after, the request and the address', async () => {
    const reply = await admin(app, 'PATCH', `${salon.base}/services/${salon.haircut}`, { price: 4000, name: 'Haircut' }, 200);
    const [entry, ...more] = await entriesOf(app, reply.headers.get('x-request-id'));
    assert.deepEqual(more, []);
    assert.deepEqual(
      { ...entry, id: 0 },
      {
        id: 0,
        business_id: salon.businessId,
        at: clock.now(),
        actor_kind: 'office',
        actor_id: null,
        actor_label: 'Back office',
        action: 'service.updated',
        target_kind: 'service',
        target_id: salon.haircut,
        changes: { price: [3500, 4000] },
        request_id: reply.headers.get('x-request-id'),
        address: entry!.address,
      },
    );
    assert.match(entry!.address ?? '', /127\.0\.0\.1/);
  });

  it('names the API key that made a change, and keeps no secret: a key made, a webhook made and its secret rotated', async () => {
    const made = await admin(app, 'POST', `${salon.base}/keys`, { name: 'Website widget', scopes: ['webhooks:manage'] }, 201);
    const [keyEntry] = await entriesOf(app, made.headers.get('x-request-id'));
    assert.equal(keyEntry!.action, 'key.created');
    assert.equal(keyEntry!.changes.key, null, 'the key got a value; which one is not kept');
    assert.deepEqual(keyEntry!.changes.name, [null, 'Website widget']);

    const hook = await app.request('POST', '/v1/integration/webhooks', {
      key: made.body.key,
      body: {
        targetUrl: 'https://crm.example.com/hook',
        events: ['booking.created'],
        headers: { Authorization: 'Bearer crm-token-123456' },
      },
    });
    assert.equal(hook.status, 201, hook.text);
    const [hookEntry] = await entriesOf(app, hook.headers.get('x-request-id'));
    assert.deepEqual(
      [hookEntry!.actor_kind, hookEntry!.actor_id, hookEntry!.actor_label, hookEntry!.action],
      ['key', made.body.id, 'Website widget', 'webhook.created'],
    );
    assert.equal(hookEntry!.changes.secret, null);
    assert.deepEqual(hookEntry!.changes.headers, [null, ['Authorization']], "a header's name, never its value");

    const rotated = await app.request('POST', `/v1/integration/webhooks/${hook.body.id}/rotate-secret`, {
      key: made.body.key,
      body: { gracePeriodSeconds: 60 },
    });
    assert.equal(rotated.status, 200, rotated.text);
    const [rotation] = await entriesOf(app, rotated.headers.get('x-request-id'));
    assert.deepEqual(rotation!.changes, { secret: null, earlierSigners: [0, 1] });

    const everything = JSON.stringify(await app.context.db.selectFrom('audit_entries').selectAll().execute());
    for (const secret of [made.body.key, hook.body.secret, rotated.body.secret, 'crm-token-123456']) {
      assert.ok(!everything.includes(secret), 'no secret in the trail');
    }
  });

  it('keeps of an erased client which fields changed, never their values, and records the erasure without them', async () => {
    const made = await admin(app, 'POST', `${salon.base}/clients`, { name: 'Margaret Hamilton', phone: '+49 170 5559876' }, 201);
    await admin(app, 'PATCH', `${salon.base}/clients/${made.body.id}`, { name: 'Margaret H. Hamilton' }, 200);
    const erased = await admin(app, 'POST', `${salon.base}/clients/${made.body.id}/erase`, undefined, 200);
    const [erasure] = await entriesOf(app, erased.headers.get('x-request-id'));
    assert.deepEqual([erasure!.action, erasure!.changes], ['client.erased', { name: null, phone: null }]);
    const about = await app.context.db
      .selectFrom('audit_entries')
      .select(['action', 'changes'])
      .where('target_kind', '=', 'client')
      .where('target_id', '=', made.body.id)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      about.map((entry) => [entry.action, JSON.parse(entry.changes)]),
      [
        ['client.created', { name: null, phone: null }],
        ['client.updated', { name: null }],
        ['client.erased', { name: null, phone: null }],
      ],
    );
  });

  describe("through the client's manage link", () => {
    let smtp: SmtpReceiver;
    let token = '';
    before(async () => {
      smtp = await SmtpReceiver.start();
      await admin(app, 'PATCH', salon.base, { email: 'hello@salon.test' }, 200);
      await admin(app, 'PUT', `${salon.base}/mail`, { host: '127.0.0.1', port: smtp.port, tls: 'none' }, 200);
      const booked = await app.request('POST', '/v1/integration/bookings', {
        key: salon.key,
        body: bookingBody(salon.haircut, `${MONDAY}T10:00:00+01:00`, { staffId: salon.anna }),
      });
      assert.equal(booked.status, 201, booked.text);
      const [received] = await smtp.waitFor(1);
      token = /\/manage\/(mng_[\w-]{43})/.exec(received!.mail.html || '')![1]!;
    });
    after(async () => {
      await smtp?.close();
    });

    it('names the client as who stopped the reminders, moved and cancelled the visit', async () => {
      const manage = (path: string, body?: unknown) => app.request('POST', `/v1/integration/manage/${token}${path}`, { body });
      const replies = [
        await manage('/unsubscribe'),
        await manage('/reschedule', { startTime: `${MONDAY}T14:00:00+01:00` }),
        await manage('/cancel', {}),
      ];
      const actions: string[] = [];
      for (const reply of replies) {
        assert.equal(reply.status, 200, reply.text);
        for (const entry of await entriesOf(app, reply.headers.get('x-request-id'))) {
          assert.deepEqual([entry.actor_kind, entry.actor_label], ['client', 'Client (manage link)']);
          actions.push(entry.action);
        }
      }
      assert.deepEqual(actions, ['client.reminders_off', 'booking.rescheduled', 'booking.cancelled']);
    });
  });
});
