/**
 * Simultaneous writes that meet on one unique index or one invariant: every request gets a 2xx or
 * its documented 4xx, never a 500. On SQLite writes run one at a time; the PostgreSQL leg of
 * `npm test` runs this file too, where transactions run side by side (READ COMMITTED).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Reply } from './helpers/app.ts';
import { captureLogs } from './helpers/log-capture.ts';
import { admin, bookingBody, MONDAY } from './helpers/salon.ts';
import { useReceiver, useSalon } from './helpers/suite.ts';

const ROUNDS = 12;

function noServerErrors(replies: Reply[]): void {
  const bad = replies.filter((r) => r.status >= 500);
  assert.equal(bad.length, 0, bad.map((r) => `${r.status} ${r.text}`).join('\n'));
}

describe('simultaneous writes on one unique value', () => {
  const { app, salon } = useSalon();

  it('a booking for a new client with an address, racing a change of another client to that address: 201 and 200 or 409, never a 500', async () => {
    const others = await Promise.all(
      Array.from(
        { length: ROUNDS },
        async (_, i) =>
          (await admin(app, 'POST', `${salon.base}/clients`, { name: `Other ${i}`, email: `other-${i}@example.com` }, 201)).body.id,
      ),
    );
    const replies = await Promise.all(
      others.flatMap((otherId, i) => {
        const email = `contested-${i}@example.com`;
        const hour = ['09', '10', '11', '12', '14', '15', '16', '17'][i % 8];
        const day = `2026-11-${23 + Math.floor(i / 8)}`;
        return [
          app.request('POST', '/v1/integration/bookings', {
            key: salon.key,
            body: bookingBody(salon.haircut, `${day}T${hour}:00:00+01:00`, { staffId: salon.anna, client: { name: `New ${i}`, email } }),
          }),
          admin(app, 'PATCH', `${salon.base}/clients/${otherId}`, { email }),
        ];
      }),
    );
    noServerErrors(replies);
    for (let i = 0; i < ROUNDS; i++) {
      const [booking, patch] = [replies[2 * i]!, replies[2 * i + 1]!];
      assert.equal(booking.status, 201, booking.text);
      assert.ok(patch.status === 200 || (patch.status === 409 && patch.body.code === 'client_email_taken'), patch.text);
      // Whoever came first owns the address: the booking is for the changed client, or the change was refused.
      if (patch.status === 200) assert.equal(booking.body.client.id, others[i]);
      else assert.notEqual(booking.body.client.id, others[i]);
    }
  });

  it('simultaneous replacements of one staff member’s services: all 200, and the last set stands', async () => {
    const replies = await Promise.all(
      Array.from({ length: ROUNDS }, (_, i) =>
        admin(app, 'PUT', `${salon.base}/staff/${salon.ben}/services`, {
          serviceIds: i % 2 ? [salon.haircut] : [salon.haircut, salon.colour],
        }),
      ),
    );
    noServerErrors(replies);
    assert.deepEqual(
      replies.map((r) => r.status),
      Array(ROUNDS).fill(200),
    );
    const ben = (await admin(app, 'GET', `${salon.base}/staff/${salon.ben}`, undefined, 200)).body;
    assert.ok([1, 2].includes(ben.serviceIds.length), JSON.stringify(ben));
  });

  it('simultaneous refunds of one payment never pay back more than was paid', async () => {
    const booking = (
      await app.request('POST', '/v1/integration/bookings', {
        key: salon.key,
        body: bookingBody(salon.haircut, `${MONDAY}T17:00:00+01:00`, { staffId: salon.ben }),
      })
    ).body;
    const paid = (await admin(app, 'POST', `${salon.base}/payments`, { bookingId: booking.id, amount: 2000, method: 'cash' }, 201)).body;
    const replies = await Promise.all(
      Array.from({ length: ROUNDS }, () => admin(app, 'POST', `${salon.base}/payments/${paid.id}/refund`, { amount: 1000 })),
    );
    noServerErrors(replies);
    assert.deepEqual(replies.map((r) => r.status).sort(), [201, 201, ...Array(ROUNDS - 2).fill(409)]);
    assert.ok(replies.every((r) => r.status === 201 || r.body.code === 'refund_exceeds_payment'));
  });

  it('simultaneous payments for one booking never take more than twice its price (issue 26)', async () => {
    const booking = (
      await app.request('POST', '/v1/integration/bookings', {
        key: salon.key,
        body: bookingBody(salon.haircut, `${MONDAY}T16:00:00+01:00`, { staffId: salon.ben }),
      })
    ).body;
    const replies = await Promise.all(
      Array.from({ length: ROUNDS }, () =>
        admin(app, 'POST', `${salon.base}/payments`, { bookingId: booking.id, amount: 1000, method: 'cash' }),
      ),
    );
    noServerErrors(replies);
    // 3500 × 2 = 7000: seven payments of 1000 fit.
    assert.deepEqual(replies.map((r) => r.status).sort(), [...Array(7).fill(201), ...Array(ROUNDS - 7).fill(409)]);
    assert.ok(replies.every((r) => r.status === 201 || r.body.code === 'payment_too_large'));
  });

  it('a change and two deletes of one time off or closure at once: one 204, one 404, the change 200 or 404, never a 500', async () => {
    const days = Array.from({ length: 8 }, (_, i) => `2027-01-${String(11 + i).padStart(2, '0')}`);
    const timeOff = await Promise.all(
      days.map(
        async (day) =>
          (await admin(app, 'POST', `${salon.base}/staff/${salon.ben}/time-off`, { allDay: true, startDate: day }, 201)).body.id,
      ),
    );
    const closures = await Promise.all(
      days.map(async (day) => (await admin(app, 'POST', `${salon.base}/closures`, { startDate: day }, 201)).body.id),
    );
    const paths = [
      ...timeOff.map((id) => `${salon.base}/staff/${salon.ben}/time-off/${id}`),
      ...closures.map((id) => `${salon.base}/closures/${id}`),
    ];
    const replies = await Promise.all(
      paths.flatMap((path) => [admin(app, 'PATCH', path, { note: 'Moved' }), admin(app, 'DELETE', path), admin(app, 'DELETE', path)]),
    );
    noServerErrors(replies);
    for (const [i, path] of paths.entries()) {
      const [change, first, second] = replies.slice(3 * i, 3 * i + 3) as [Reply, Reply, Reply];
      assert.ok([200, 404].includes(change.status), `${path}: ${change.status} ${change.text}`);
      assert.deepEqual([first.status, second.status].sort(), [204, 404], `${path}: the second delete finds nothing`);
    }
  });
});

/** For the suite it is called in: a salon, a webhook receiver, and the warnings and errors the server logs. */
function salonWithReceiver() {
  const logs = captureLogs('warn');
  return { ...useSalon({ logger: logs.logger }), receiver: useReceiver(), logs };
}

describe('a webhook deleted while events for it are written', () => {
  const suite = salonWithReceiver();

  it('bookings made while their webhooks are deleted answer 201, never a 500, and the delivery loop meets no deadlock', async () => {
    const { app, salon, receiver, logs } = suite;
    const hooks: number[] = [];
    for (let i = 0; i < 4; i++) {
      const hook = await app.request('POST', '/v1/integration/webhooks', {
        key: salon.key,
        body: { targetUrl: receiver.url(`/h${i}`), events: ['booking.created', 'client.created'] },
      });
      assert.equal(hook.status, 201, hook.text);
      hooks.push(hook.body.id);
    }
    const times = ['09', '10', '11', '12', '14', '15', '16', '17'].flatMap((hour) =>
      [23, 24, 25].map((day) => `2026-11-${day}T${hour}:00:00+01:00`),
    );
    const bookings = times.flatMap((time, i) =>
      [salon.anna, salon.ben].map((staffId) =>
        app.request('POST', '/v1/integration/bookings', {
          key: salon.key,
          body: bookingBody(salon.haircut, time, {
            staffId,
            client: { name: `Guest ${i} ${staffId}`, email: `guest-${i}-${staffId}@example.com` },
          }),
        }),
      ),
    );
    const deletes = hooks.map((id) => app.request('DELETE', `/v1/integration/webhooks/${id}`, { key: salon.key }));
    const replies = await Promise.all([...bookings, ...deletes]);
    noServerErrors(replies);
    assert.ok(replies.slice(0, bookings.length).every((r) => r.status === 201));
    assert.ok(replies.slice(bookings.length).every((r) => r.status === 204));
    // The delivery loop recording attempts of the deleted webhooks meanwhile deadlocked with the deletes.
    assert.deepEqual(
      logs.entries().map((entry) => entry.msg),
      [],
    );
  });
});

describe('bookings of one staff member, some for new clients, with webhooks listening', () => {
  const suite = salonWithReceiver();

  it('all answer 201: a new client’s event and the staff member’s lock are taken in one order, so no deadlock (503)', async () => {
    const { app, salon, receiver, logs } = suite;
    const hook = await app.request('POST', '/v1/integration/webhooks', {
      key: salon.key,
      body: { targetUrl: receiver.url('/all'), events: ['booking.created', 'client.created'] },
    });
    assert.equal(hook.status, 201, hook.text);
    const regulars = 4;
    for (let i = 0; i < regulars; i++)
      await admin(app, 'POST', `${salon.base}/clients`, { name: `Regular ${i}`, email: `regular-${i}@example.com` }, 201);
    const times = ['09', '10', '11', '12', '14', '15', '16', '17'].flatMap((hour) =>
      ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03'].map((day) => `${day}T${hour}:00:00+01:00`),
    );
    const replies = await Promise.all(
      times.map((time, i) =>
        app.request('POST', '/v1/integration/bookings', {
          key: salon.key,
          // A regular is found by the address (no client.created); a newcomer is made (client.created first).
          body: bookingBody(salon.haircut, time, {
            staffId: salon.anna,
            client:
              i % 2
                ? { name: 'Regular', email: `regular-${i % regulars}@example.com` }
                : { name: `Newcomer ${i}`, email: `newcomer-${i}@example.com` },
          }),
        }),
      ),
    );
    noServerErrors(replies);
    assert.deepEqual(
      replies.map((r) => r.status),
      Array(times.length).fill(201),
    );
    assert.deepEqual(
      logs.entries().map((entry) => entry.msg),
      [],
    );
  });
});
