import slotsQuerySchema from '../../schema/slots-query.json' with { type: 'json' };
import { isCalendarDate, toLocalIso } from '../businesses/local-time.ts';
import { errors } from '../http/errors.ts';
import { operation, typed } from '../http/operations.ts';
import { availability } from './availability.ts';

/** GET /slots (slots:read): the free start times a widget offers. */
export const slotOperations = [
  operation({
    operationId: 'listSlots',
    method: 'GET',
    path: '/slots',
    scope: 'slots:read',
    summary: 'Free start times for a service on a date',
    description:
      "Computed from staff working hours and breaks within opening hours, the service duration and existing bookings, in the business's time zone (DST days included), within the salon's booking rules (minimum notice, horizon: dates beyond it have no slots). Book one with POST /bookings.",
    query: typed<{ serviceId: number; date: string; staffId?: number }>(slotsQuerySchema),
    success: { status: 200, schema: 'Slots' },
    errors: [404],
    handle: async ({ key, query }, app) => {
      if (!isCalendarDate(query.date)) throw errors.validation('"date" must be a real date written YYYY-MM-DD.', 'date');
      const directory = (await app.directory.get(app.db, key.businessId))!;
      const { business } = directory;
      const service = directory.services.get(query.serviceId);
      if (!service) throw errors.notFound('Service');
      if (query.staffId !== undefined && !directory.staff.some((s) => s.id === query.staffId)) throw errors.notFound('Staff member');
      const now = app.clock.now();
      const slots = await availability(app.db, { directory, service, date: query.date, staffId: query.staffId, now });
      return {
        date: query.date,
        timezone: business.timezone,
        serviceId: service.id,
        durationMinutes: service.duration_minutes,
        data: slots.map((slot) => ({
          startTime: toLocalIso(slot.startAt, business.timezone),
          endTime: toLocalIso(slot.endAt, business.timezone),
          staffIds: slot.staffIds,
        })),
        total: slots.length,
      };
    },
  }),
];
