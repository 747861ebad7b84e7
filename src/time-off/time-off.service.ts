import { recordAudit } from '../audit/record.ts';
import { DateTime } from 'luxon';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { Db } from '../db/transaction.ts';
import type { Outbox } from '../delivery/outbox.ts';
import { toIso } from '../clock.ts';
import { closureInterval, timeOffInterval } from '../businesses/directory.ts';
import { findBusiness } from '../businesses/businesses.repository.ts';
import type { WeeklyHours } from '../time/hours.ts';
import { isCalendarDate, localDayBounds, weekdayOf } from '../time/local-time.ts';
import { toBookingJson } from '../bookings/booking.presenter.ts';
import { liveBookingViews } from '../bookings/bookings.repository.ts';
import type { BusinessRow, ClosureRow, StaffRow, TimeOffRow } from '../db/tables.ts';
import type { Tx } from '../db/transaction.ts';
import { errors } from '../http/errors.ts';
import { workingMinutes, type WeeklySchedule } from '../time/schedule.ts';
import { findStaff, listStaff } from '../staff/staff.repository.ts';
import { toClosureJson, toTimeOffJson } from './time-off.presenter.ts';
import {
  deleteClosure,
  deleteTimeOff,
  findClosure,
  findTimeOff,
  insertClosure,
  insertTimeOff,
  listClosures,
  listTimeOff,
  updateClosure,
  updateTimeOff,
} from './time-off.repository.ts';
import type timeOffCreateSchema from '../../schema/time-off-create.ts';
import type timeOffUpdateSchema from '../../schema/time-off-update.ts';
import type closureCreateSchema from '../../schema/closure-create.ts';
import type closureUpdateSchema from '../../schema/closure-update.ts';
import type { Either, Valid } from '../http/validate.ts';

/** What this feature uses of the application. */
export type TimeOffDeps = { readonly db: Db; readonly database: Database; readonly clock: Clock; readonly outbox: Outbox };
type Deps = TimeOffDeps;

/** Time off as it is added (schema/time-off-create.ts) or changed (schema/time-off-update.ts). */
export type TimeOffInput = Either<Valid<typeof timeOffCreateSchema>, Valid<typeof timeOffUpdateSchema>>;
export type NewClosure = Valid<typeof closureCreateSchema>;
export type ClosureChanges = Valid<typeof closureUpdateSchema>;

/** Longer absences are not time off but a staff member leaving: deactivate them instead. */
const MAX_DAYS = 366;
const TIME_FIELDS = ['allDay', 'startDate', 'endDate', 'startTime', 'endTime'] as const;

type ScheduleChange =
  | { kind: 'time_off_added' | 'time_off_changed' | 'time_off_removed'; timeOff: ReturnType<typeof toTimeOffJson> }
  | { kind: 'closure_added' | 'closure_changed' | 'closure_removed'; closure: ReturnType<typeof toClosureJson> };

// ---- time off -------------------------------------------------------------------------------

export async function listStaffTimeOff(app: Pick<Deps, 'db'>, businessId: number, staffId: number) {
  const { business } = await staffOf(app.db, businessId, staffId);
  const data = (await listTimeOff(app.db, staffId)).map((row) => toTimeOffJson(row, business.timezone));
  return { data, total: data.length };
}

export async function getTimeOff(app: Pick<Deps, 'db'>, businessId: number, staffId: number, id: number) {
  const { business } = await staffOf(app.db, businessId, staffId);
  const row = await findTimeOff(app.db, staffId, id);
  if (!row) throw errors.notFound('Time off');
  return toTimeOffJson(row, business.timezone);
}

/**
 * Records time off and fires staff.schedule_updated. Bookings in that time stay as they are: the
 * answer lists them (`overlappingBookings`) so the salon can move or cancel them.
 */
export async function createTimeOff(trx: Tx, app: Deps, businessId: number, staffId: number, input: TimeOffInput) {
  const now = app.clock.now();
  const { business, staff } = await staffOf(trx, businessId, staffId);
  const times = timeOffTimes(input, business.timezone);
  const id = await insertTimeOff(trx, {
    business_id: businessId,
    staff_id: staffId,
    ...times,
    note: input.note?.trim() ?? '',
    created_at: now,
    updated_at: now,
  });
  const row = (await findTimeOff(trx, staffId, id))!;
  const json = toTimeOffJson(row, business.timezone);
  await recordAudit(trx, { businessId, action: 'time_off.created', target: { kind: 'time_off', id }, after: json });
  await emitScheduleUpdated(trx, app, business, [staff], { kind: 'time_off_added', timeOff: json }, now);
  return { ...json, overlappingBookings: await overlapping(trx, businessId, timeOffInterval(row, business.timezone), staffId) };
}

export async function changeTimeOff(trx: Tx, app: Deps, businessId: number, staffId: number, id: number, input: TimeOffInput) {
  const now = app.clock.now();
  const { business, staff } = await staffOf(trx, businessId, staffId);
  const before = await findTimeOff(trx, staffId, id);
  if (!before) throw errors.notFound('Time off');
  const timesGiven = TIME_FIELDS.some((field) => input[field] !== undefined);
  // On PostgreSQL a DELETE may have committed since the look-up: gone, it is a 404, not a 500.
  const updated = await updateTimeOff(trx, id, {
    ...(timesGiven ? timeOffTimes(input, business.timezone) : {}),
    ...(input.note !== undefined ? { note: input.note.trim() } : {}),
    updated_at: now,
  });
  if (!updated) throw errors.notFound('Time off');
  const row = (await findTimeOff(trx, staffId, id))!;
  const json = toTimeOffJson(row, business.timezone);
  const was = toTimeOffJson(before, business.timezone);
  await recordAudit(trx, { businessId, action: 'time_off.updated', target: { kind: 'time_off', id }, before: was, after: json });
  await emitScheduleUpdated(trx, app, business, [staff], { kind: 'time_off_changed', timeOff: json }, now);
  return { ...json, overlappingBookings: await overlapping(trx, businessId, timeOffInterval(row, business.timezone), staffId) };
}

export async function removeTimeOff(trx: Tx, app: Deps, businessId: number, staffId: number, id: number): Promise<void> {
  const now = app.clock.now();
  const { business, staff } = await staffOf(trx, businessId, staffId);
  const row = await findTimeOff(trx, staffId, id);
  if (!row) throw errors.notFound('Time off');
  // A simultaneous DELETE that committed first: 404, and no second time_off_removed.
  if (!(await deleteTimeOff(trx, id))) throw errors.notFound('Time off');
  const was = toTimeOffJson(row, business.timezone);
  await recordAudit(trx, { businessId, action: 'time_off.deleted', target: { kind: 'time_off', id }, before: was });
  await emitScheduleUpdated(trx, app, business, [staff], { kind: 'time_off_removed', timeOff: toTimeOffJson(row, business.timezone) }, now);
}

/** The stored form of a time-off body: whole local days, or an instant range. */
function timeOffTimes(input: TimeOffInput, zone: string): Pick<TimeOffRow, 'all_day' | 'start_date' | 'end_date' | 'start_at' | 'end_at'> {
  if (input.allDay) {
    for (const field of ['startTime', 'endTime'] as const) {
      if (input[field] !== undefined)
        throw errors.validation(`"${field}" is for part of a day; whole days take "startDate" and "endDate".`, field);
    }
    const startDate = requiredDate(input.startDate, 'startDate');
    const endDate = input.endDate === undefined ? startDate : requiredDate(input.endDate, 'endDate');
    const [start_at, end_at] = daysInterval(startDate, endDate, zone);
    return { all_day: 1, start_date: startDate, end_date: endDate, start_at, end_at };
  }
  for (const field of ['startDate', 'endDate'] as const) {
    if (input[field] !== undefined)
      throw errors.validation(`"${field}" is for whole days: add "allDay": true, or give "startTime" and "endTime".`, field);
  }
  if (input.startTime === undefined) throw errors.validation('"startTime" is required (or "allDay": true with "startDate").', 'startTime');
  if (input.endTime === undefined) throw errors.validation('"endTime" is required (or "allDay": true with "startDate").', 'endTime');
  const start = Date.parse(input.startTime);
  const end = Date.parse(input.endTime);
  if (end <= start) throw errors.validation('"endTime" must be after "startTime".', 'endTime');
  if (end - start > MAX_DAYS * 86_400_000) throw errors.validation(`Time off lasts at most ${MAX_DAYS} days.`, 'endTime');
  return { all_day: 0, start_date: null, end_date: null, start_at: start, end_at: end };
}

// ---- closures -------------------------------------------------------------------------------

export async function listBusinessClosures(app: Pick<Deps, 'db'>, businessId: number) {
  const business = await businessOf(app.db, businessId);
  const data = (await listClosures(app.db, businessId)).map((row) => toClosureJson(row, business.timezone));
  return { data, total: data.length };
}

export async function getClosure(app: Pick<Deps, 'db'>, businessId: number, id: number) {
  const business = await businessOf(app.db, businessId);
  const row = await findClosure(app.db, businessId, id);
  if (!row) throw errors.notFound('Closure');
  return toClosureJson(row, business.timezone);
}

/**
 * Closes the salon on whole days. staff.schedule_updated fires once for every active staff member
 * who would have worked on one of those days (docs/decisions.md); bookings in them stay and are listed.
 */
export async function createClosure(trx: Tx, app: Deps, businessId: number, input: NewClosure) {
  const now = app.clock.now();
  const business = await businessOf(trx, businessId);
  const dates = closureDates(input);
  const id = await insertClosure(trx, {
    business_id: businessId,
    start_date: dates.start_date,
    end_date: dates.end_date,
    note: input.note?.trim() ?? '',
    created_at: now,
    updated_at: now,
  });
  const row = (await findClosure(trx, businessId, id))!;
  const json = toClosureJson(row, business.timezone);
  await recordAudit(trx, { businessId, action: 'closure.created', target: { kind: 'closure', id }, after: json });
  await emitScheduleUpdated(trx, app, business, await staffWorking(trx, business, [row]), { kind: 'closure_added', closure: json }, now);
  return { ...json, overlappingBookings: await overlapping(trx, businessId, closureInterval(row, business.timezone)) };
}

export async function changeClosure(trx: Tx, app: Deps, businessId: number, id: number, input: ClosureChanges) {
  const now = app.clock.now();
  const business = await businessOf(trx, businessId);
  const before = await findClosure(trx, businessId, id);
  if (!before) throw errors.notFound('Closure');
  const dates = closureDates({ startDate: input.startDate ?? before.start_date, endDate: input.endDate ?? before.end_date });
  if (!(await updateClosure(trx, id, { ...dates, ...(input.note !== undefined ? { note: input.note.trim() } : {}), updated_at: now }))) {
    throw errors.notFound('Closure'); // deleted since the look-up (PostgreSQL)
  }
  const row = (await findClosure(trx, businessId, id))!;
  const json = toClosureJson(row, business.timezone);
  const was = toClosureJson(before, business.timezone);
  await recordAudit(trx, { businessId, action: 'closure.updated', target: { kind: 'closure', id }, before: was, after: json });
  await emitScheduleUpdated(
    trx,
    app,
    business,
    await staffWorking(trx, business, [before, row]),
    { kind: 'closure_changed', closure: json },
    now,
  );
  return { ...json, overlappingBookings: await overlapping(trx, businessId, closureInterval(row, business.timezone)) };
}

export async function removeClosure(trx: Tx, app: Deps, businessId: number, id: number): Promise<void> {
  const now = app.clock.now();
  const business = await businessOf(trx, businessId);
  const row = await findClosure(trx, businessId, id);
  if (!row) throw errors.notFound('Closure');
  if (!(await deleteClosure(trx, id))) throw errors.notFound('Closure'); // deleted meanwhile: no second event
  const was = toClosureJson(row, business.timezone);
  await recordAudit(trx, { businessId, action: 'closure.deleted', target: { kind: 'closure', id }, before: was });
  await emitScheduleUpdated(
    trx,
    app,
    business,
    await staffWorking(trx, business, [row]),
    { kind: 'closure_removed', closure: toClosureJson(row, business.timezone) },
    now,
  );
}

function closureDates(input: ClosureChanges): Pick<ClosureRow, 'start_date' | 'end_date'> {
  const start = requiredDate(input.startDate, 'startDate');
  const end = input.endDate === undefined ? start : requiredDate(input.endDate, 'endDate');
  daysInterval(start, end, 'UTC');
  return { start_date: start, end_date: end };
}

/** Active staff whose weekly hours (within opening hours) have them working on one of the closed days. */
async function staffWorking(
  trx: Tx,
  business: BusinessRow,
  closures: readonly Pick<ClosureRow, 'start_date' | 'end_date'>[],
): Promise<StaffRow[]> {
  const opening = JSON.parse(business.working_hours) as WeeklyHours;
  const weekdays = new Set<string>();
  for (const closure of closures) {
    for (
      let day = DateTime.fromISO(closure.start_date, { zone: 'UTC' }), n = 0;
      day.toISODate()! <= closure.end_date && n < 7;
      day = day.plus({ days: 1 }), n++
    ) {
      weekdays.add(weekdayOf(day.toISODate()!, business.timezone));
    }
  }
  const staff = await listStaff(trx, business.id, true);
  return staff.filter((member) => {
    const schedule = JSON.parse(member.schedule) as WeeklySchedule;
    return [...weekdays].some((day) => workingMinutes(schedule, opening, day as keyof WeeklySchedule).length > 0);
  });
}

// ---- shared ---------------------------------------------------------------------------------

function requiredDate(value: string | undefined, field: string): string {
  if (value === undefined) throw errors.validation(`"${field}" is required.`, field);
  if (!isCalendarDate(value)) throw errors.validation(`"${field}" must be a real date written YYYY-MM-DD.`, field);
  return value;
}

/** Whole local days from `start` to `end`, both included, as instants; at most MAX_DAYS of them. */
function daysInterval(start: string, end: string, zone: string): [number, number] {
  if (end < start) throw errors.validation('"endDate" must be on or after "startDate".', 'endDate');
  const days = DateTime.fromISO(end, { zone: 'UTC' }).diff(DateTime.fromISO(start, { zone: 'UTC' }), 'days').days + 1;
  if (days > MAX_DAYS) throw errors.validation(`At most ${MAX_DAYS} days at once.`, 'endDate');
  return [localDayBounds(start, zone).start, localDayBounds(end, zone).end];
}

async function overlapping(trx: Tx, businessId: number, [from, to]: readonly [number, number], staffId?: number) {
  return (await liveBookingViews(trx, businessId, from, to, staffId)).map((view) => toBookingJson(view));
}

async function businessOf(db: Parameters<typeof findBusiness>[0], businessId: number): Promise<BusinessRow> {
  const business = await findBusiness(db, businessId);
  if (!business) throw errors.notFound('Business');
  return business;
}

async function staffOf(db: Parameters<typeof findStaff>[0], businessId: number, staffId: number) {
  const business = await businessOf(db, businessId);
  const staff = await findStaff(db, businessId, staffId);
  if (!staff) throw errors.notFound('Staff member');
  return { business, staff };
}

/** staff.schedule_updated for each staff member, with their weekly schedule and what changed. */
async function emitScheduleUpdated(
  trx: Tx,
  app: Deps,
  business: BusinessRow,
  staff: readonly StaffRow[],
  change: ScheduleChange,
  now: number,
) {
  for (const member of staff) {
    await app.outbox.emitEvent(trx, business.id, 'staff.schedule_updated', {
      staffId: member.id,
      staffName: member.name,
      schedule: JSON.parse(member.schedule) as WeeklySchedule,
      change,
      updatedAt: toIso(now),
    });
  }
}
