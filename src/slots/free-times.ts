import { DateTime } from 'luxon';
import { isCalendarDate, toLocalIso } from '../time/local-time.ts';
import { errors } from '../http/errors.ts';
import { availabilityRange } from './availability.ts';
import { planOf, serviceIdsOf } from './service-plan.ts';
import type { Slot } from './slots.ts';
import type { BusinessDirectory } from '../businesses/directory.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/transaction.ts';
import type slotsQuerySchema from '../../schema/slots-query.ts';
import type { Valid } from '../http/validate.ts';

/** What listing free times uses of the application. */
export type FreeTimesDeps = { readonly db: Db; readonly clock: Clock; readonly directory: BusinessDirectory };

/** The query of GET /slots (schema/slots-query.ts), on the integration API and the booking page. */
export type SlotsQuery = Valid<typeof slotsQuerySchema>;

/** A month view, whichever month: enough for a widget, bounded work per request. */
const MAX_RANGE_DAYS = 31;

/**
 * The free start times of the business for a service (or several) on a date or over up to 31
 * days, as `holderKeyId` sees them (claimSlot's rules: its own holds leave time free for it).
 */
export async function freeTimes(app: FreeTimesDeps, businessId: number, query: SlotsQuery, holderKeyId: number) {
  const [from, to] = datesOf(query);
  const directory = (await app.directory.get(app.db, businessId))!;
  const { business } = directory;
  const plan = planOf(directory, serviceIdsOf({ serviceId: query.serviceId, serviceIds: query.serviceIds?.split(',').map(Number) }));
  if (query.staffId !== undefined && !directory.staff.some((s) => s.id === query.staffId)) throw errors.notFound('Staff member');
  const days = await availabilityRange(
    app.db,
    { directory, plan, date: from, staffId: query.staffId, holderKeyId, now: app.clock.now() },
    to,
  );
  const json = (slot: Slot) => ({
    startTime: toLocalIso(slot.startAt, business.timezone),
    endTime: toLocalIso(slot.endAt, business.timezone),
    staffIds: slot.staffIds,
  });
  const data = days.flatMap((day) => day.slots.map(json));
  return {
    ...(query.date !== undefined
      ? { date: query.date }
      : { from, to, days: days.map((day) => ({ date: day.date, total: day.slots.length })) }),
    timezone: business.timezone,
    serviceId: plan.serviceIds[0],
    serviceIds: plan.serviceIds,
    durationMinutes: plan.durationMinutes,
    data,
    total: data.length,
  };
}

/** `date`, or `from` and `to` (at most 31 days, in order): the first and last local date asked for. */
function datesOf(query: SlotsQuery): [string, string] {
  if (query.date !== undefined) {
    if (query.from !== undefined || query.to !== undefined)
      throw errors.validation('Give either "date" or "from" and "to", not both.', 'date');
    return [realDate(query.date, 'date'), query.date];
  }
  if (query.from === undefined) throw errors.validation('"date" (one day) or "from" and "to" (a range) is required.', 'date');
  if (query.to === undefined) throw errors.validation('"to" is required with "from".', 'to');
  const from = realDate(query.from, 'from');
  const to = realDate(query.to, 'to');
  const days = DateTime.fromISO(to, { zone: 'UTC' }).diff(DateTime.fromISO(from, { zone: 'UTC' }), 'days').days + 1;
  if (days < 1) throw errors.validation('"to" must be on or after "from".', 'to');
  if (days > MAX_RANGE_DAYS) throw errors.validation(`A range covers at most ${MAX_RANGE_DAYS} days.`, 'to');
  return [from, to];
}

function realDate(value: string, field: string): string {
  if (!isCalendarDate(value)) throw errors.validation(`"${field}" must be a real date written YYYY-MM-DD.`, field);
  return value;
}
