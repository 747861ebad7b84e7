import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { KyselyPlugin } from 'kysely';
import { auditTrail } from '../src/activity/activity.service.ts';
import { admin, MONDAY } from './helpers/salon.ts';
import { useSalon } from './helpers/suite.ts';

// A new owner's trial: Activity's "Booking added" named no client and no service, and a payment's
// line led to no booking. The trail's entries of a booking, a payment and a refund name the
// booking (whose, what, when, with whom), read when the trail is listed, in a few statements
// whatever the page's length.
describe('the audit trail names the booking of a booking’s, a payment’s and a refund’s entries', () => {
  const { app, salon } = useSalon();
  let single = 0;
  let several = 0;
  let paymentId = 0;

  before(async () => {
    const visit = (extra: Record<string, unknown>) => ({
      staffId: salon.anna,
      client: { name: 'Erna Example', phone: '+49 30 7' },
      ...extra,
    });
    single = (
      await admin(app, 'POST', `${salon.base}/bookings`, visit({ serviceId: salon.haircut, startTime: `${MONDAY}T10:00:00+01:00` }), 201)
    ).body.id;
    several = (
      await admin(
        app,
        'POST',
        `${salon.base}/bookings`,
        visit({
          serviceIds: [salon.haircut, salon.colour],
          startTime: `${MONDAY}T14:00:00+01:00`,
          client: { name: 'Paula Paid', phone: '+49 30 8' },
        }),
        201,
      )
    ).body.id;
    paymentId = (await admin(app, 'POST', `${salon.base}/payments`, { bookingId: several, amount: 3500, method: 'card' }, 201)).body.id;
    await admin(app, 'POST', `${salon.base}/payments/${paymentId}/refund`, { amount: 500, reason: 'Fringe redone' }, 201);
  });

  it('says whose booking and what: the client, the services, the start in the salon’s zone and the staff member', async () => {
    const list = (await admin(app, 'GET', `${salon.base}/audit?targetKind=booking`, undefined, 200)).body;
    const created = (id: number) =>
      list.data.find((e: { action: string; target: { id: number } }) => e.action === 'booking.created' && e.target.id === id);
    assert.deepEqual(created(single).booking, {
      id: single,
      client: 'Erna Example',
      services: ['Haircut'],
      staff: 'Anna',
      startTime: `${MONDAY}T10:00:00.000+01:00`,
    });
    assert.deepEqual(created(several).booking.services, ['Haircut', 'Colour']);
    assert.equal(created(several).booking.client, 'Paula Paid');
  });

  it('names the booking a payment and a refund are of', async () => {
    const list = (await admin(app, 'GET', `${salon.base}/audit?targetKind=payment`, undefined, 200)).body;
    assert.deepEqual(
      list.data.map((e: { action: string; booking: { id: number; client: string } }) => [e.action, e.booking.id, e.booking.client]),
      [
        ['payment.refunded', several, 'Paula Paid'],
        ['payment.received', several, 'Paula Paid'],
      ],
    );
  });

  it('leaves the booking out of entries about other things', async () => {
    const list = (await admin(app, 'GET', `${salon.base}/audit?targetKind=service`, undefined, 200)).body;
    assert.ok(list.data.length > 0);
    assert.ok(list.data.every((e: object) => !('booking' in e)));
  });

  it('reads the bookings of a whole page in the same few statements as of one entry', async () => {
    const statements = async (limit: number) => {
      let count = 0;
      const counting: KyselyPlugin = {
        transformQuery: (args) => {
          count += 1;
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      const db = app.context.db.withPlugin(counting);
      const page = await auditTrail({ db }, salon.businessId, { page: 1, limit });
      assert.equal(page.data.length, limit);
      return count;
    };
    // Newest first: the refund, the payment, then the bookings' entries.
    assert.equal(await statements(6), await statements(1));
  });

  it('names an erased client as the erasure left them, never as they were', async () => {
    const client = (await admin(app, 'GET', `${salon.base}/bookings/${single}`, undefined, 200)).body.client.id;
    await admin(app, 'POST', `${salon.base}/bookings/${single}/cancel`, { reason: 'moving away' }, 200);
    await admin(app, 'POST', `${salon.base}/clients/${client}/erase`, undefined, 200);
    const list = (await admin(app, 'GET', `${salon.base}/audit?targetKind=booking&targetId=${single}`, undefined, 200)).body;
    assert.ok(list.data.length > 0);
    for (const entry of list.data) assert.equal(entry.booking.client, 'Erased client');
    assert.doesNotMatch(JSON.stringify(list), /Erna/);
  });
});
