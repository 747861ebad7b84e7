import Router from '@koa/router';
import slotsQuerySchema from '../../schema/slots-query.json' with { type: 'json' };
import type { AppContext } from '../app-context.ts';
import { isCalendarDate, localDate, toLocalIso } from '../businesses/local-time.ts';
import { findBusiness } from '../businesses/businesses.repository.ts';
import { errors } from '../http/errors.ts';
import { requireScope } from '../http/integration-auth.ts';
import { apiKeyOf, type AppState } from '../http/state.ts';
import { queryParser } from '../http/validate.ts';
import { findService } from '../services/services.repository.ts';
import { findStaff } from '../staff/staff.repository.ts';
import { availability } from './availability.ts';

const parseQuery = queryParser<{ serviceId: number; date: string; staffId?: number }>(slotsQuerySchema);
const MAX_DAYS_AHEAD = 366;

/** GET /slots (slots:read): the free start times a widget offers. */
export function slotRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/slots', requireScope('slots:read'), async (ctx) => {
    const query = parseQuery(ctx.query);
    if (!isCalendarDate(query.date)) throw errors.validation('"date" must be a real date written YYYY-MM-DD.', 'date');
    const businessId = apiKeyOf(ctx).businessId;
    const business = (await findBusiness(app.db, businessId))!;
    const service = await findService(app.db, businessId, query.serviceId);
    if (!service) throw errors.notFound('Service');
    if (query.staffId !== undefined && !(await findStaff(app.db, businessId, query.staffId))) throw errors.notFound('Staff member');
    const now = app.clock.now();
    const latest = Date.parse(`${localDate(now, business.timezone)}T00:00:00Z`) + MAX_DAYS_AHEAD * 86_400_000;
    if (Date.parse(`${query.date}T00:00:00Z`) > latest) {
      throw errors.validation(`"date" may be at most ${MAX_DAYS_AHEAD} days ahead.`, 'date');
    }
    const slots = await availability(app.db, { business, service, date: query.date, staffId: query.staffId, now });
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
