import type { Directory } from '../businesses/directory.ts';
import { localDate, localDayBounds, toLocalIso } from '../time/local-time.ts';
import { busyIntervals, lockStaffMember } from './busy.repository.ts';
import { isSlotConflict } from '../db/errors.ts';
import type { BusinessRow } from '../db/tables.ts';
import type { Tx } from '../db/transaction.ts';
import { errors, type AppError } from '../http/errors.ts';
import { availabilityAt, refusalsFor } from './availability.ts';
import { bookingWindow, rulesFor, windowProblem } from './booking-window.ts';
import type { ServicePlan } from './service-plan.ts';
import type { StaffRefusal } from './slot-refusal.ts';

/**
 * The `holderKeyId` of a client who holds nothing of their own: the client's booking rules, and
 * every live hold takes its time. The booking page asks so: its visitors share one key, so no hold
 * of that key is the asker's own (key ids start at 1).
 */
export const HOLDS_NOTHING = 0;

export interface SlotRequest {
  directory: Directory;
  plan: ServicePlan;
  startAt: number;
  staffId?: number;
  /** The key asking: its own holds leave the time free for it. Null: the salon; HOLDS_NOTHING: a booking page's visitor. */
  holderKeyId: number | null;
  excludeBookingId?: number;
  now: number;
  /**
   * The caller takes the staff member's lock itself, before anything else it writes (a booking
   * takes it with its new client's lock: staffLock), instead of claimSlot taking it alone.
   */
  lockLater?: boolean;
}

/**
 * The check every booking, move and hold makes before it writes, inside its transaction: the
 * booking window, then the slot itself (the same `fits` the slot list uses). Answers who takes
 * it: the staff member asked for, or of those free the one with the fewest bookings that day.
 * Refusals are 409s whose code says which rule.
 */
export async function claimSlot(trx: Tx, request: SlotRequest): Promise<{ date: string; staffId: number }> {
  const { directory, plan, startAt, now } = request;
  const { business } = directory;
  const date = localDate(startAt, business.timezone);
  assertInsideWindow(business, date, startAt, now, request.holderKeyId === null);
  const slot = await availabilityAt(
    trx,
    { directory, plan, date, staffId: request.staffId, excludeBookingId: request.excludeBookingId, holderKeyId: request.holderKeyId, now },
    startAt,
  );
  if (!slot) {
    const refusals = plan.active && startAt > now ? await refusalsFor(trx, { ...request, date }, startAt) : [];
    throw slotUnavailable(directory, startAt, now, plan.active, refusals);
  }
  const staffId = request.staffId ?? (await leastBusy(trx, slot.staffIds, date, business.timezone));
  if (!request.lockLater) await lockStaffMember(trx, staffId);
  return { date, staffId };
}

/** Of the staff who can take a slot, the one with the fewest live bookings that day (then the lowest id). */
async function leastBusy(trx: Tx, staffIds: readonly number[], date: string, zone: string): Promise<number> {
  if (staffIds.length === 1) return staffIds[0]!;
  const day = localDayBounds(date, zone);
  const busy = await busyIntervals(trx, staffIds, day.start, day.end, { now: 0, ignoreHolds: true });
  return [...staffIds].sort((a, b) => busy.get(a)!.length - busy.get(b)!.length || a - b)[0]!;
}

/**
 * The booking rules of the business (src/slots/booking-window.ts, the same function the slot
 * list applies), each refused with its own code so a widget can say why.
 */
function assertInsideWindow(business: BusinessRow, date: string, startAt: number, now: number, bySalon: boolean): void {
  const problem = windowProblem(bookingWindow(rulesFor(business, bySalon), now), date, startAt);
  const when = toLocalIso(startAt, business.timezone);
  if (problem === 'too_short_notice') {
    throw errors.outsideBookingWindow(
      'too_short_notice',
      `${when} is too soon: this salon takes bookings at least ${business.min_notice_minutes} minutes ahead. GET /v1/integration/slots lists the free ones.`,
      { minNoticeMinutes: business.min_notice_minutes },
    );
  }
  if (problem === 'beyond_horizon') {
    throw errors.outsideBookingWindow(
      'beyond_horizon',
      `${when} is too far ahead: this salon takes bookings at most ${business.horizon_days} days ahead. GET /v1/integration/slots lists the free ones.`,
      { horizonDays: business.horizon_days },
    );
  }
}

function slotUnavailable(directory: Directory, startAt: number, now: number, bookable: boolean, refusals: StaffRefusal[]): AppError {
  const when = toLocalIso(startAt, directory.business.timezone);
  const [reason, why] = !bookable
    ? ['not_bookable', 'a service of it cannot be booked at the moment']
    : startAt <= now
      ? ['past', 'it is in the past']
      : ['unavailable', 'it is taken or held, outside working hours, or the service would not fit before a break or closing'];
  const named = refusals.map((r) => ({ ...r, staffName: directory.staff.find((s) => s.id === r.staffId)?.name ?? '' }));
  return errors.slotUnavailable(`${when} is not a free slot: ${why}. GET /v1/integration/slots lists the free ones.`, reason, named);
}

/**
 * The database's own overlap checks (triggers, PostgreSQL's exclusion constraint) speak in storage
 * terms; a write that can hit them turns them into the 409 a client understands:
 * `await insertBooking(trx, row).catch(slotTaken)`.
 */
export function slotTaken(error: unknown): never {
  if (isSlotConflict(error))
    throw errors.conflict('slot_unavailable', 'This slot was just taken. GET /v1/integration/slots lists the free ones.');
  throw error;
}
