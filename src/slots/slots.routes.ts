import Router from '@koa/router';
import slotsQuerySchema from '../../schema/slots-query.json' with { type: 'json' };
import type { AppContext } from '../app-context.ts';
import { isCalendarDate, toLocalIso } from '../businesses/local-time.ts';
import { errors } from '../http/errors.ts';
import { requireScope } from '../http/integration-auth.ts';
import { apiKeyOf, type AppState } from '../http/state.ts';
import { queryParser } from '../http/validate.ts';
import { availability } from './availability.ts';

const parseQuery = queryParser<{ serviceId: number; date: string; staffId?: number }>(slotsQuerySchema);

/** GET /slots (slots:read): the free start times a widget offers. */
export function slotRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/slots', requireScope('slots:read'), async (ctx) => {
    const query = parseQuery(ctx.query);
    if (!isCalendarDate(query.date)) throw errors.validation('"date" must be a real date written YYYY-MM-DD.', 'date');
    const directory = (await app.directory.get(app.db, apiKeyOf(ctx).businessId))!;
    const { business } = directory;
    const service = directory.services.get(query.serviceId);
    if (!service) throw errors.notFound('Service');
    if (query.staffId !== undefined && !directory.staff.some((s) => s.id === query.staffId)) throw errors.notFound('Staff member');
    const now = app.clock.now();
    const slots = await availability(app.db, { directory, service, date: query.date, staffId: query.staffId, now });
    ctx.body = {
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
  });
  return router;
}
