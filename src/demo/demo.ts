import type { Clock } from '../clock.ts';
import { localDate, localDayBounds, localInstant, toLocalIso, weekdayOf } from '../time/local-time.ts';
import { createClosure, createTimeOff } from '../time-off/time-off.service.ts';
import { allBusinesses, createBusiness } from '../businesses/businesses.service.ts';
import type { Database } from '../db/database.ts';
import { Outbox } from '../delivery/outbox.ts';
import type { Ids } from '../ids.ts';
import { createKey } from '../keys/keys.service.ts';
import { SCOPE_PRESETS } from '../auth/scopes.ts';
import { createService } from '../services/services.service.ts';
import { ServiceCatalog } from '../services/service-catalog.ts';
import { createStaff } from '../staff/staff.service.ts';

export const DEMO_NAME = 'Demo Salon';

const WORKDAY = { hours: [{ start: '09:00', end: '18:00' }], breaks: [{ start: '13:00', end: '13:30' }] };
const SCHEDULE = { mon: WORKDAY, tue: WORKDAY, wed: WORKDAY, thu: WORKDAY, fri: WORKDAY, sat: WORKDAY, sun: { hours: [], breaks: [] } };

const SERVICES = [
  { name: 'Haircut', description: 'Wash, cut and finish.', durationMinutes: 45, price: 3500 },
  // 15 minutes to clean the basin and bowls after a colour: slots keep them free.
  { name: 'Colour', description: 'Full colour with toner.', durationMinutes: 90, price: 8000, bufferAfterMinutes: 15 },
  { name: 'Beard trim', description: 'Shape and line-up.', durationMinutes: 20, price: 1500 },
  { name: 'Blow-dry', description: 'Wash and blow-dry.', durationMinutes: 30, price: 2500 },
];

export interface DemoResult {
  businessId: number;
  apiKey: string;
  created: boolean;
}

/**
 * "Demo Salon" (DESIGN.md): four services, two staff working Mon–Sat 09:00–18:00 with a lunch
 * break, and a key with the full CRM scope set. Run again, it keeps the salon and makes a new key.
 * It shows the scheduling features too: the colour has 15 minutes of cleaning after it, Anna (who
 * does both) is the one to book for a haircut and colour in one visit, she has the afternoon off
 * on the second working day, and the salon is closed for team training on a working day two
 * weeks ahead. It makes no bookings: soak tests count every booking and event from an empty
 * salon.
 */
export async function makeDemo(database: Database, clock: Clock, ids: Ids): Promise<DemoResult> {
  const db = database.db;
  const deps = { database, db, clock, ids, outbox: Outbox.forCommand(database, clock, ids), catalog: new ServiceCatalog(database) };
  let business = (await allBusinesses(db)).find((b) => b.name === DEMO_NAME);
  const created = !business;
  if (!business) {
    business = await createBusiness(db, clock, {
      name: DEMO_NAME,
      timezone: 'Europe/Berlin',
      address: 'Musterstraße 1, 10115 Berlin',
      phone: '+49 30 1234567',
      currency: 'EUR',
    });
    const businessId = business.id;
    const zone = business.timezone;
    await database.transaction(async (trx) => {
      const serviceIds: number[] = [];
      for (const service of SERVICES) serviceIds.push((await createService(trx, deps, businessId, service)).id);
      const anna = await createStaff(trx, deps, businessId, {
        name: 'Anna Schmidt',
        title: 'Senior stylist',
        schedule: SCHEDULE,
        serviceIds,
      });
      await createStaff(trx, deps, businessId, {
        name: 'Ben Müller',
        title: 'Barber',
        schedule: SCHEDULE,
        serviceIds: [serviceIds[0]!, serviceIds[2]!, serviceIds[3]!],
      });
      const second = nextWorkingDay(localInstant(nextWorkingDay(clock.now()), '12:00', zone));
      const at = (date: string, time: string) => toLocalIso(localInstant(date, time, zone), zone);
      await createTimeOff(trx, deps, businessId, anna.id, {
        startTime: at(second, '13:30'),
        endTime: at(second, '18:00'),
        note: 'Dentist',
      });
      await createClosure(trx, deps, businessId, { startDate: nextWorkingDay(clock.now() + 13 * 86_400_000), note: 'Team training' });
    });
  }
  const key = await createKey({ db, clock, ids }, business.id, {
    name: 'Demo CRM key',
    scopes: [...SCOPE_PRESETS.crm!.scopes],
  });
  return { businessId: business.id, apiKey: key.key, created };
}

/** The demo salon's next working day after `now` (Mon–Sat), as YYYY-MM-DD, counted in Berlin's calendar days. */
export function nextWorkingDay(now: number): string {
  const zone = 'Europe/Berlin';
  let date = localDate(now, zone);
  do date = localDate(localDayBounds(date, zone).end, zone);
  while (weekdayOf(date, zone) === 'sun');
  return date;
}
