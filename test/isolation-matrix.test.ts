import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { SCOPE_PRESETS, SCOPES, type Scope } from '../src/auth/scopes.ts';
import { admin, bookingBody, makeSalon, MONDAY, SCHEDULE, type Salon } from './helpers/salon.ts';
import { routeTable, type Route } from './helpers/routes.ts';
import { eventually } from './helpers/wait.ts';
import { useApp, useReceiver } from './helpers/suite.ts';

/** Minimal valid bodies, so a route gets as far as looking the id up. */
const BODIES: Record<string, unknown> = {
  'PATCH /webhooks/:id': { description: 'mine now' },
  'POST /webhooks/:id/recover': { since: '2026-11-20T00:00:00.000Z' },
  'POST /bookings/:id/cancel': {},
  'PATCH /services/:id': { name: 'x' },
  'PATCH /staff/:id': { name: 'x' },
  'PUT /staff/:id/schedule': SCHEDULE,
  'PUT /staff/:id/services': { serviceIds: [] },
  'PATCH /clients/:id': { name: 'x' },
  'POST /bookings/:id/reschedule': { startTime: `${MONDAY}T15:00:00+01:00` },
  'POST /payments/:id/refund': { amount: 1 },
  'PATCH /staff/:staffId/time-off/:id': { note: 'x' },
  'PATCH /closures/:id': { note: 'x' },
};

/** The scope each integration route needs, by its first path segment. */
const SCOPE_OF: Record<string, (method: string) => Scope> = {
  services: () => 'services:read',
  staff: () => 'staff:read',
  bookings: (method) => (method === 'GET' ? 'bookings:read' : 'bookings:write'),
  webhooks: () => 'webhooks:manage',
  slots: () => 'bookings:write',
};

interface Tenant {
  salon: Salon;
  ids: Record<string, number>;
  webhookId: number;
  deliveryId: string;
  /** A webhook of another key of the same business. */
  siblingWebhookId: number;
}

describe('tenant isolation, generated from the route tables', () => {
  const { app } = useApp();
  const receiver = useReceiver();
  let mine: Tenant;
  let theirs: Tenant;

  async function tenant(name: string): Promise<Tenant> {
    const salon = await makeSalon(app, name);
    const booking = (
      await app.request('POST', '/v1/integration/bookings', {
        key: salon.key,
        body: bookingBody(salon.haircut, `${MONDAY}T10:00:00+01:00`),
      })
    ).body;
    const payment = (await admin(app, 'POST', `${salon.base}/payments`, { bookingId: booking.id, amount: 100, method: 'cash' }, 201)).body;
    const webhook = await app.webhook(salon.key, receiver.url(`/${name}`), ['booking.created']);
    await app.emit(salon.businessId, 'booking.created', {});
    const [attempt] = await eventually(async () => {
      const h = await app.history(salon.key, webhook.id);
      return h[0]?.deliveryStatus === 'success' ? h : undefined;
    });
    const sibling = (await admin(app, 'POST', `${salon.base}/keys`, { name: 'sibling', scopes: ['webhooks:manage'] }, 201)).body.key;
    const siblingWebhook = await app.webhook(sibling, receiver.url(`/${name}-sibling`));
    const keyId = (await admin(app, 'GET', `${salon.base}/keys`, undefined, 200)).body.data[0].id;
    const hold = (
      await app.request('POST', '/v1/integration/slots/holds', {
        key: salon.key,
        body: { serviceId: salon.haircut, startTime: `${MONDAY}T15:00:00+01:00` },
      })
    ).body;
    const timeOff = (await admin(app, 'POST', `${salon.base}/staff/${salon.anna}/time-off`, { allDay: true, startDate: '2027-01-04' }, 201))
      .body;
    const closure = (await admin(app, 'POST', `${salon.base}/closures`, { startDate: '2027-01-05' }, 201)).body;
    const feed = (await admin(app, 'POST', `${salon.base}/calendar-feeds`, { staffId: salon.anna }, 201)).body;
    return {
      salon,
      ids: {
        services: salon.haircut,
        staff: salon.anna,
        bookings: booking.id,
        clients: booking.client.id,
        payments: payment.id,
        keys: keyId,
        webhooks: webhook.id,
        slots: hold.id,
        'time-off': timeOff.id,
        closures: closure.id,
        'calendar-feeds': feed.id,
      },
      webhookId: webhook.id,
      deliveryId: attempt.deliveryId,
      siblingWebhookId: siblingWebhook.id,
    };
  }

  before(async () => {
    mine = await tenant('mine');
    theirs = await tenant('theirs');
  });

  function routes(api: Route['api'], prefix: string) {
    return routeTable(app)
      .filter((route) => route.api === api && route.path.includes(':id'))
      .map(({ method, path }) => ({ method, path: path.slice(prefix.length) }));
  }

  /** Paths with a foreign id in place of :id (and :deliveryId), each labelled with why it is foreign. */
  function foreignPaths(path: string, owner: Tenant): Array<[string, string]> {
    // Time off lives under a staff member of this business: …/staff/:staffId/time-off/:id.
    const resource = path.includes(':staffId') ? 'time-off' : path.split('/')[path.startsWith('/businesses/') ? 3 : 1]!;
    const fill = (id: number, deliveryId: string) =>
      path.replace(':staffId', String(owner.ids.staff)).replace(':id', String(id)).replace(':deliveryId', deliveryId);
    const out: Array<[string, string]> = [[fill(theirs.ids[resource]!, theirs.deliveryId), 'another business']];
    if (resource === 'webhooks' && !path.startsWith('/businesses/')) {
      out.push([fill(owner.siblingWebhookId, owner.deliveryId), 'another key of the same business']);
    }
    if (path.includes(':deliveryId')) out.push([fill(owner.webhookId, theirs.deliveryId), "another business's delivery"]);
    return out;
  }

  it('answers 404 on every integration route given ids of another tenant, for every scope set', async () => {
    const table = routes('integration', '/v1/integration');
    assert.ok(table.length >= 11, `walked ${table.length} routes`);
    const sets: Record<string, readonly Scope[]> = {
      ...Object.fromEntries(Object.entries(SCOPE_PRESETS).map(([n, p]) => [n, p.scopes])),
      all: SCOPES,
    };
    let checked = 0;
    for (const [setName, scopes] of Object.entries(sets)) {
      const key = (await admin(app, 'POST', `${mine.salon.base}/keys`, { name: setName, scopes }, 201)).body.key;
      // This key's own webhook, so "another key of the same business" has a counterpart.
      for (const { method, path } of table) {
        for (const [url, why] of foreignPaths(path, mine)) {
          const reply = await app.request(method, `/v1/integration${url}`, { key, body: BODIES[`${method} ${path}`] });
          const needed = SCOPE_OF[path.split('/')[1]!]!(method);
          const expected = scopes.includes(needed) ? 404 : 403;
          assert.equal(reply.status, expected, `${setName}: ${method} ${url} (${why}) → ${reply.status} ${reply.text}`);
          assert.doesNotMatch(reply.text, /theirs|Rival/);
          checked += 1;
        }
      }
    }
    assert.ok(checked > 60, `${checked} calls`);
  });

  it('answers 404 on every admin route given ids of another business under this business', async () => {
    const table = routes('admin', '/admin/api').filter((r) => r.path.startsWith('/businesses/:businessId/'));
    assert.ok(table.length >= 20, `walked ${table.length} routes`);
    for (const { method, path } of table) {
      const bodyKey = `${method} ${path.replace('/businesses/:businessId', '')}`;
      for (const [url, why] of foreignPaths(path, mine)) {
        const reply = await admin(app, method, url.replace(':businessId', String(mine.salon.businessId)), BODIES[bodyKey]);
        assert.equal(reply.status, 404, `${method} ${url} (${why}) → ${reply.status} ${reply.text}`);
      }
      const nowhere = await admin(
        app,
        method,
        path
          .replace(':businessId', '999999')
          .replace(':staffId', String(mine.ids.staff))
          .replace(':id', String(mine.ids.bookings))
          .replace(':deliveryId', mine.deliveryId),
        BODIES[bodyKey],
      );
      assert.equal(nowhere.status, 404, `${method} ${path} in a business that does not exist`);
    }
  });

  it('left the other tenant untouched', async () => {
    const booking = await app.request('GET', `/v1/integration/bookings/${theirs.ids.bookings}`, { key: theirs.salon.key });
    assert.equal(booking.body.status, 'pending');
    const webhook = await app.request('GET', `/v1/integration/webhooks/${theirs.webhookId}`, { key: theirs.salon.key });
    assert.equal(webhook.body.description, '');
  });
});
