import { ADMIN_TOKEN, type Reply, type TestApp } from './app.ts';

export const MONDAY = '2026-11-23';
/** Saturday 2026-11-21 10:00 UTC: what the test clock says unless a test moves it. */
export const TEST_NOW = Date.parse('2026-11-21T10:00:00.000Z');

const WORKDAY = { hours: [{ start: '09:00', end: '18:00' }], breaks: [{ start: '13:00', end: '13:30' }] };
export const SCHEDULE = {
  mon: WORKDAY,
  tue: WORKDAY,
  wed: WORKDAY,
  thu: WORKDAY,
  fri: WORKDAY,
  sat: WORKDAY,
  sun: { hours: [], breaks: [] },
};

/** Calls the admin API with the test admin token; throws on an unexpected status. */
export async function admin(app: TestApp, method: string, path: string, body?: unknown, expect?: number): Promise<Reply> {
  const reply = await app.request(method, `/admin/api${path}`, { body, headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
  if (expect !== undefined && reply.status !== expect) {
    throw new Error(`${method} ${path}: expected ${expect}, got ${reply.status} ${reply.text}`);
  }
  return reply;
}

export interface Salon {
  businessId: number;
  haircut: number;
  colour: number;
  anna: number;
  ben: number;
  /** A key with every scope. */
  key: string;
  base: string;
}

/** The names makeSalon() gives (services, staff, its key): the salon's own data on a page, no words of the page's. */
export const SALON_NAMES = ['Haircut', 'Colour', 'Anna', 'Ben', 'all scopes'];

/** A salon set up through the admin API: Haircut (45 min) by Anna and Ben, Colour (90 min) by Anna. */
export async function makeSalon(app: TestApp, name = 'Salon', timezone = 'Europe/Berlin'): Promise<Salon> {
  const business = (await admin(app, 'POST', '/businesses', { name, timezone }, 201)).body;
  const base = `/businesses/${business.id}`;
  const haircut = (await admin(app, 'POST', `${base}/services`, { name: 'Haircut', durationMinutes: 45, price: 3500 }, 201)).body.id;
  const colour = (await admin(app, 'POST', `${base}/services`, { name: 'Colour', durationMinutes: 90, price: 8000 }, 201)).body.id;
  const anna = (
    await admin(
      app,
      'POST',
      `${base}/staff`,
      { name: 'Anna', email: 'anna@salon.test', phone: '+49 30 111', schedule: SCHEDULE, serviceIds: [haircut, colour] },
      201,
    )
  ).body.id;
  const ben = (await admin(app, 'POST', `${base}/staff`, { name: 'Ben', schedule: SCHEDULE, serviceIds: [haircut] }, 201)).body.id;
  const key = (
    await admin(
      app,
      'POST',
      `${base}/keys`,
      {
        name: 'all scopes',
        scopes: [
          'business:read',
          'services:read',
          'staff:read',
          'slots:read',
          'bookings:read',
          'bookings:write',
          'reviews:read',
          'webhooks:manage',
        ],
      },
      201,
    )
  ).body.key;
  return { businessId: business.id, haircut, colour, anna, ben, key, base };
}

/** A booking body for `startTime` (local, e.g. "2026-11-23T10:00:00+01:00"). */
export function bookingBody(serviceId: number, startTime: string, extra: Record<string, unknown> = {}) {
  return { serviceId, startTime, client: { name: 'Ada Lovelace', email: 'ada@example.com' }, ...extra };
}
