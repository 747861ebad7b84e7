import type reportQuerySchema from '../../schema/report-query.ts';
import { bookedVia } from '../bookings/booked-via.ts';
import type { BusinessDirectory, Directory, StaffMember } from '../businesses/directory.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/transaction.ts';
import { errors } from '../http/errors.ts';
import type { Valid } from '../http/validate.ts';
import type { WeeklyHours } from '../time/hours.ts';
import { isCalendarDate, localDate, localDayBounds, localWallRange, toLocalIso, weekdayOf } from '../time/local-time.ts';
import { workingMinutes } from '../time/schedule.ts';
import {
  bookingsStarting,
  clientsSeenBefore,
  paymentsRecorded,
  type ReportBooking,
  staffAddedAt,
  staffSwitches,
} from './reports.repository.ts';

/** What this feature uses of the application. */
export type ReportsDeps = { readonly db: Db; readonly directory: BusinessDirectory; readonly clock: Clock };

export type ReportQuery = Valid<typeof reportQuerySchema>;

/** A cancellation less than this long before the visit's start is a late one. */
export const LATE_CANCELLATION_HOURS = 24;
const MAX_DAYS = 366;
const METHODS = ['cash', 'card', 'online', 'voucher', 'other'] as const;

type Interval = readonly [number, number];

/** The local dates from `from` to `to`, both included. */
function datesOf(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= Date.parse(`${to}T00:00:00Z`); day += 86_400_000) {
    dates.push(new Date(day).toISOString().slice(0, 10));
  }
  return dates;
}

function periodOf(query: ReportQuery): string[] {
  for (const [field, value] of [
    ['from', query.from],
    ['to', query.to],
  ] as const) {
    if (!isCalendarDate(value)) throw errors.validation(`${field} is not a date of the calendar`, field);
  }
  if (query.to < query.from) throw errors.validation('to is before from', 'to');
  const dates = datesOf(query.from, query.to);
  if (dates.length > MAX_DAYS) throw errors.validation(`a report covers at most ${MAX_DAYS} days`, 'to');
  return dates;
}

const overlap = ([a, b]: Interval, [c, d]: Interval) => Math.max(0, Math.min(b, d) - Math.max(a, c));

/** The milliseconds of `pieces` not covered by `away` (closures, time off). */
function minus(pieces: readonly Interval[], away: readonly Interval[]): number {
  let total = 0;
  for (const piece of pieces) {
    // Closures and time off may overlap each other: walk the covered parts in order.
    let covered = 0;
    let reach = piece[0];
    for (const [start, end] of [...away].sort((x, y) => x[0] - y[0])) {
      const from = Math.max(start, reach);
      if (end > from) covered += overlap(piece, [from, end]);
      reach = Math.max(reach, end);
    }
    total += piece[1] - piece[0] - covered;
  }
  return total;
}

/** The hours a staff member could take clients over `dates`: their hours within opening hours, less breaks, closures and time off. */
function workingMs(directory: Directory, member: StaffMember, dates: readonly string[]): number {
  const zone = directory.business.timezone;
  const opening = JSON.parse(directory.business.working_hours) as WeeklyHours;
  const away = [...directory.closures, ...(directory.timeOff.get(member.id) ?? [])];
  let total = 0;
  for (const date of dates) {
    const pieces = workingMinutes(member.schedule, opening, weekdayOf(date, zone)).flatMap(([from, to]) =>
      localWallRange(date, from, to, zone),
    );
    total += minus(pieces, away);
  }
  return total;
}

/** When each staff member was at the salon: added at, and the times they were switched off and on. */
export interface StaffPresence {
  readonly addedAt: ReadonlyMap<number, number>;
  readonly switches: readonly { staffId: number; at: number; active: boolean }[];
}

/** The instants a staff member was switched off, as the audit trail says: [off, on) (on never: to the end). */
function switchedOff(presence: StaffPresence, staffId: number): Interval[] {
  const off: Interval[] = [];
  let since: number | null = null;
  for (const change of presence.switches.filter((s) => s.staffId === staffId)) {
    if (!change.active && since === null) since = change.at;
    if (change.active && since !== null) {
      off.push([since, change.at]);
      since = null;
    }
  }
  if (since !== null) off.push([since, Number.POSITIVE_INFINITY]);
  return off;
}

/**
 * Of `dates`, those a staff member worked at the salon: from the local date they were added on
 * (that day counts), and not a day they were switched off from its start to its end.
 */
function presentDates(presence: StaffPresence, staffId: number, dates: readonly string[], zone: string): string[] {
  const added = presence.addedAt.get(staffId);
  const from = added === undefined ? '' : localDate(added, zone);
  const off = switchedOff(presence, staffId);
  return dates.filter((date) => {
    if (date < from) return false;
    const { start, end } = localDayBounds(date, zone);
    return !off.some(([a, b]) => a <= start && b >= end);
  });
}

const hours = (ms: number) => Math.round(ms / 36_000) / 100;
const held = (b: ReportBooking) => b.status !== 'cancelled';

function utilisation(
  directory: Directory,
  presence: StaffPresence,
  bookings: readonly ReportBooking[],
  dates: readonly string[],
  period: Interval,
) {
  const booked = new Map<number, number>();
  for (const b of bookings.filter(held)) booked.set(b.staff_id, (booked.get(b.staff_id) ?? 0) + overlap([b.start_at, b.end_at], period));
  const zone = directory.business.timezone;
  return directory.staff
    .filter((member) => member.active || booked.has(member.id))
    .map((member) => {
      const working = workingMs(directory, member, presentDates(presence, member.id, dates, zone));
      const bookedMs = booked.get(member.id) ?? 0;
      return {
        staffId: member.id,
        name: member.name,
        bookedHours: hours(bookedMs),
        workingHours: hours(working),
        utilisation: working === 0 ? null : Math.round((bookedMs / working) * 1000) / 1000,
      };
    });
}

function takings(payments: Awaited<ReturnType<typeof paymentsRecorded>>) {
  const byMethod = METHODS.map((method) => {
    const of = (kind: string) => payments.filter((p) => p.kind === kind && p.method === method);
    const sum = (rows: readonly { amount: number }[]) => rows.reduce((total, p) => total + p.amount, 0);
    return { method, taken: sum(of('payment')), refunded: sum(of('refund')), net: sum(of('payment')) - sum(of('refund')) };
  });
  const refunds = payments.filter((p) => p.kind === 'refund');
  return {
    takings: byMethod,
    refunds: { count: refunds.length, amount: refunds.reduce((total, p) => total + p.amount, 0) },
  };
}

/** Cancelled by the salon: not the client's doing, whenever it happened. */
const bySalon = (b: ReportBooking) => b.status === 'cancelled' && b.cancelled_by === 'salon';

/**
 * Cancelled for the client (their manage link, the booking page, an integration acting for them)
 * less than LATE_CANCELLATION_HOURS before the start.
 */
const late = (b: ReportBooking) =>
  b.status === 'cancelled' && !bySalon(b) && b.updated_at > b.start_at - LATE_CANCELLATION_HOURS * 3_600_000;

function missed(bookings: readonly ReportBooking[]) {
  const countAndValue = (rows: readonly ReportBooking[]) => ({ count: rows.length, value: rows.reduce((total, b) => total + b.price, 0) });
  return {
    noShows: countAndValue(bookings.filter((b) => b.status === 'no_show')),
    lateCancellations: countAndValue(bookings.filter(late)),
    salonCancellations: { count: bookings.filter(bySalon).length },
  };
}

/**
 * The part of the period not over yet: from now (or the period's start, if later) with the
 * bookings that start in it, counted as booked like the others; null once the period is over.
 */
function stillToCome(bookings: readonly ReportBooking[], period: Interval, now: number, zone: string) {
  if (now >= period[1]) return null;
  const from = Math.max(now, period[0]);
  return { from: toLocalIso(from, zone), bookings: bookings.filter((b) => held(b) && b.start_at >= from).length };
}

async function clientsOf(app: ReportsDeps, businessId: number, bookings: readonly ReportBooking[], start: number) {
  const ids = [...new Set(bookings.filter(held).map((b) => b.client_id))];
  const seen = await clientsSeenBefore(app.db, businessId, ids, start);
  return { new: ids.filter((id) => !seen.has(id)).length, returning: ids.filter((id) => seen.has(id)).length };
}

/**
 * The salon's figures for the local dates `from`–`to`: takings by method and refunds (by when
 * they were recorded), no-shows and late cancellations, bookings by source, each staff member's
 * booked ÷ working hours, and new vs returning clients (by the visits that start in the period).
 */
export async function salonReport(app: ReportsDeps, businessId: number, query: ReportQuery) {
  const directory = await app.directory.get(app.db, businessId);
  if (!directory) throw errors.notFound('Business');
  const dates = periodOf(query);
  const zone = directory.business.timezone;
  const period: Interval = [localDayBounds(dates[0]!, zone).start, localDayBounds(dates.at(-1)!, zone).end];
  const [bookings, payments, addedAt, switches] = await Promise.all([
    bookingsStarting(app.db, businessId, ...period),
    paymentsRecorded(app.db, businessId, ...period),
    staffAddedAt(app.db, businessId),
    staffSwitches(app.db, businessId),
  ]);
  const sources = { desk: 0, website: 0, integration: 0 };
  for (const b of bookings.filter(held)) sources[bookedVia(b)] += 1;
  return {
    from: dates[0]!,
    to: dates.at(-1)!,
    currency: directory.business.currency,
    ...takings(payments),
    ...missed(bookings),
    bookingsBySource: sources,
    staff: utilisation(directory, { addedAt, switches }, bookings, dates, period),
    clients: await clientsOf(app, businessId, bookings, period[0]),
    stillToCome: stillToCome(bookings, period, app.clock.now(), zone),
    lateCancellationHours: LATE_CANCELLATION_HOURS,
  };
}
