import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TestApp } from './helpers/app.ts';
import { admin, bookingBody, MONDAY, TEST_NOW } from './helpers/salon.ts';
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

    const keys = (await admin(app, 'GET', `${salon.base}/keys`, undefined, 200)).body.data;
    assert.deepEqual(keys.find((k: { id: number }) => k.id === made.body.id).createdBy, { kind: 'office', id: null, name: 'Back office' });
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

  it('lists the trail newest first, filtered by who, what, action and local dates, in pages', async () => {
    const list = async (query: string) => (await admin(app, 'GET', `${salon.base}/audit?${query}`, undefined, 200)).body;
    const all = await list('limit=200');
    assert.ok(all.total > 10 && all.data.length === all.total, 'the salon set-up and the tests above');
    assert.ok(
      all.data.every((e: { id: number }, i: number) => i === 0 || e.id < all.data[i - 1].id),
      'newest first',
    );
    const byKey = await list('actorKind=key');
    assert.ok(byKey.total > 0);
    assert.ok(byKey.data.every((e: { actor: { kind: string } }) => e.actor.kind === 'key'));
    const service = await list(`targetKind=service&targetId=${salon.haircut}&action=service.updated`);
    assert.deepEqual(
      service.data.map((e: { changes: unknown }) => e.changes),
      [[{ field: 'price', before: 3500, after: 4000 }]],
    );
    const secret = (await list('action=webhook.secret_rotated')).data[0];
    assert.deepEqual(
      secret.changes.find((c: { field: string }) => c.field === 'secret'),
      { field: 'secret', withheld: true },
    );
    assert.equal(secret.at, '2026-11-21T11:00:00.000+01:00', "the salon's time");
    // A change on Monday: only a Monday-to-Monday filter finds it.
    clock.set(Date.parse(`${MONDAY}T08:00:00Z`));
    await admin(app, 'PATCH', `${salon.base}/services/${salon.colour}`, { price: 8500 }, 200);
    assert.deepEqual(
      (await list(`from=${MONDAY}&to=${MONDAY}`)).data.map((e: { action: string }) => e.action),
      ['service.updated'],
    );
    assert.equal((await list('from=2026-11-20&to=2026-11-22')).total, all.total);
    const second = await list('limit=2&page=2');
    assert.deepEqual(
      second.data.map((e: { id: number }) => e.id),
      all.data.slice(1, 3).map((e: { id: number }) => e.id + 0),
    );
    assert.equal((await admin(app, 'GET', `${salon.base}/audit?from=2026-02-30`)).status, 400);
    assert.equal((await admin(app, 'GET', `${salon.base}/audit?from=2026-11-23&to=2026-11-22`)).status, 400);
    assert.equal((await admin(app, 'GET', `${salon.base}/audit?actorKind=owner`)).status, 400);
  });

  it('exports the filtered trail as CSV a spreadsheet opens, formulas kept as text', async () => {
    await admin(app, 'PATCH', `${salon.base}/staff/${salon.ben}`, { title: '=HYPERLINK("http://x")' }, 200);
    const reply = await admin(app, 'GET', `${salon.base}/audit.csv?targetKind=staff&targetId=${salon.ben}`, undefined, 200);
    assert.match(reply.headers.get('content-type') ?? '', /^text\/csv/);
    assert.match(reply.headers.get('content-disposition') ?? '', /attachment; filename="activity-\d+\.csv"/);
    const lines = reply.text.trimEnd().split('\r\n');
    assert.equal(lines[0], 'time,who,who_kind,who_id,action,what,what_id,changes,request_id,address');
    assert.equal(lines.length, 3, 'the title change and the staff member made with the salon');
    assert.match(
      lines[1]!,
      /^2026-11-23T09:00:00\.000\+01:00,Back office,office,,staff\.updated,staff,\d+,"title: — → =HYPERLINK\(""http:\/\/x""\)",req_/,
    );
    assert.match(lines[2]!, /,staff\.created,staff,/);
    // A name a spreadsheet would run as a formula stays a text.
    const key = await admin(app, 'POST', `${salon.base}/keys`, { name: '=SUM(A1:A9)', scopes: ['webhooks:manage'] }, 201);
    const hook = await app.request('POST', '/v1/integration/webhooks', {
      key: key.body.key,
      body: { targetUrl: 'https://crm.example.com/formula', events: ['booking.created'] },
    });
    assert.equal(hook.status, 201, hook.text);
    const byKey = await admin(app, 'GET', `${salon.base}/audit.csv?actorKind=key&actorId=${key.body.id}`, undefined, 200);
    assert.match(byKey.text.split('\r\n')[1]!, /^[^,]+,'=SUM\(A1:A9\),key,\d+,webhook\.created,/);
  });

  it("names who did each thing in a booking's history", async () => {
    const made = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: bookingBody(salon.haircut, '2026-11-24T15:00:00+01:00', { staffId: salon.anna }),
    });
    assert.equal(made.status, 201, made.text);
    await admin(app, 'POST', `${salon.base}/bookings/${made.body.id}/cancel`, { reason: 'ill' }, 200);
    const history = (await admin(app, 'GET', `${salon.base}/bookings/${made.body.id}/events`, undefined, 200)).body.data;
    assert.deepEqual(
      history.map((e: { event: string; by: { kind: string; name: string } }) => [e.event, e.by.kind, e.by.name]),
      [
        ['booking.cancelled', 'office', 'Back office'],
        ['booking.created', 'key', 'all scopes'],
      ],
    );
  });

  describe("through the client's manage link", () => {
    let smtp: SmtpReceiver;
    let token = '';
    before(async () => {
      clock.set(TEST_NOW);
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

  it('makes a salon with its opening hours and language in one write, one entry (the first run, issue 39)', async () => {
    const day = [{ start: '10:00', end: '19:00' }];
    const hours = { mon: day, tue: day, wed: day, thu: day, fri: day, sat: [{ start: '09:00', end: '14:00' }], sun: [] };
    const body = { name: 'Salon Sonne', timezone: 'Europe/Berlin', phoneCountry: 'DE', workingHours: hours, locale: 'de-DE' };
    const reply = await admin(app, 'POST', '/businesses', body, 201);
    assert.deepEqual(reply.body.workingHours, hours);
    assert.equal(reply.body.locale, 'de-DE');
    const page = (await admin(app, 'GET', `/businesses/${reply.body.id}/booking-page`, undefined, 200)).body;
    assert.equal(page.locale, 'de-DE', 'the booking page speaks it');
    const [entry, ...more] = await entriesOf(app, reply.headers.get('x-request-id'));
    assert.deepEqual(more, []);
    assert.equal(entry!.action, 'business.created');
    assert.deepEqual(entry!.changes.locale, [null, 'de-DE']);
    assert.deepEqual(entry!.changes.workingHours, [null, hours]);
    const refused = await admin(app, 'POST', '/businesses', {
      ...body,
      workingHours: { ...hours, mon: [{ start: '19:00', end: '10:00' }] },
    });
    assert.equal(refused.status, 400, refused.text);
  });
});
