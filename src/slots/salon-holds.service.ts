import type { Clock } from '../clock.ts';
import type { Db } from '../db/transaction.ts';
import type { BusinessDirectory } from '../businesses/directory.ts';
import type { Directory } from '../businesses/directory.ts';
import { localDate, toLocalIso } from '../time/local-time.ts';
import { toIso } from '../clock.ts';
import type { Tx } from '../db/transaction.ts';
import { errors } from '../http/errors.ts';
import { availabilityAt, staffFor } from './availability.ts';
import type { ServicePlan } from './service-plan.ts';
import { auditHoldReleased, heldServices } from './holds.service.ts';
import {
  deleteHold,
  deleteHolds,
  findBusinessHold,
  liveHoldViews,
  liveHoldViewsOverlapping,
  serviceNames,
  type HoldView,
} from './holds.repository.ts';

// The salon's side of holds: which times API keys hold, letting one go, and booking over one.

/** What the salon's view of holds uses of the application. */
export type SalonHoldsDeps = { readonly db: Db; readonly clock: Clock; readonly directory: BusinessDirectory };
type Deps = SalonHoldsDeps;

/** The business's live holds by start time, each with the name of the key that holds it. */
export async function listBusinessHolds(app: Deps, businessId: number) {
  const directory = (await app.directory.get(app.db, businessId))!;
  const views = await liveHoldViews(app.db, businessId, app.clock.now());
  const names = await serviceNames(app.db, [...new Set(views.flatMap(heldServices))]);
  const data = views.map((view) => toSalonHoldJson(view, names, directory.business.timezone));
  return { data, total: data.length };
}

/** Gives a held time back at once, whichever key holds it; the key's booking with it then finds no hold (404). */
export async function releaseBusinessHold(trx: Tx, businessId: number, id: number): Promise<void> {
  const hold = await findBusinessHold(trx, businessId, id);
  if (!hold) throw errors.notFound('Hold');
  await deleteHold(trx, id);
  await auditHoldReleased(trx, hold);
}

function toSalonHoldJson(view: HoldView, names: ReadonlyMap<number, string>, zone: string) {
  const serviceIds = heldServices(view);
  return {
    id: view.id,
    keyId: view.api_key_id,
    keyName: view.key_name,
    /** `page`: the salon's booking page holds it (its key's stored name is no word for the salon); `key`: an API key, by its name. */
    keyKind: view.key_kind === 'page' ? 'page' : 'key',
    serviceIds,
    serviceNames: serviceIds.map((id) => names.get(id) ?? ''),
    staffId: view.staff_id,
    staffName: view.staff_name,
    startTime: toLocalIso(view.start_at, zone),
    endTime: toLocalIso(view.end_at, zone),
    expiresAt: toIso(view.expires_at),
    createdAt: toIso(view.created_at),
  };
}

/** A time the salon is about to book or move a booking to. */
export interface SalonSlot {
  directory: Directory;
  plan: ServicePlan;
  startAt: number;
  staffId?: number;
  /** A booking being moved does not block its own time. */
  excludeBookingId?: number;
  now: number;
}

/** What the salon does with a time holds stand in the way of, and what it is told it may do instead. */
export type SalonAction = 'book' | 'book anyway' | 'move';
const WAY_OUT: Record<Exclude<SalonAction, 'book anyway'>, string> = {
  book: 'To book it anyway, send "overrideHold": true, which releases the hold; or choose another time.',
  move: 'Release the hold first (DELETE /admin/api/businesses/:businessId/holds/:id), or choose another time.',
};

/**
 * Before the salon books a time: a hold is a client at the website mid-booking, so when holds
 * alone stand in the way the desk hears who holds it and until when (409 slot_held), and when it
 * books anyway those holds are deleted in the booking's transaction.
 * Answers the staff member to book: the one asked for, or for whoever is free the first whose
 * time only holds take. A time that is free, or taken for another reason too, is left to
 * claimSlot, which books it or says why not.
 */
export async function clearHoldsForSalon(trx: Tx, slot: SalonSlot, action: SalonAction): Promise<number | undefined> {
  const { directory, plan, startAt, now } = slot;
  const from = startAt - plan.bufferBeforeMinutes * 60_000;
  const to = startAt + (plan.durationMinutes + plan.bufferAfterMinutes) * 60_000;
  const candidates = staffFor(directory, plan.serviceIds, slot.staffId).map((s) => s.id);
  const holds = await liveHoldViewsOverlapping(trx, candidates, from, to, now);
  if (holds.length === 0) return slot.staffId;
  const zone = directory.business.timezone;
  const query = {
    directory,
    plan,
    date: localDate(startAt, zone),
    staffId: slot.staffId,
    excludeBookingId: slot.excludeBookingId,
    holderKeyId: null,
    now,
  };
  if (await availabilityAt(trx, query, startAt)) return slot.staffId;
  const butForHolds = await availabilityAt(trx, { ...query, ignoreHolds: true }, startAt);
  if (!butForHolds) return slot.staffId;
  const staffId = slot.staffId ?? butForHolds.staffIds[0]!;
  const inTheWay = holds.filter((hold) => hold.staff_id === staffId);
  if (action !== 'book anyway') {
    const who = inTheWay.map((hold) => `"${hold.key_name}" until ${toLocalIso(hold.expires_at, zone)}`).join(' and ');
    throw errors.slotHeld(
      `${toLocalIso(startAt, zone)} is held by ${who}: a client may be booking it through that key right now. ${WAY_OUT[action]}`,
      inTheWay.map((hold) => ({
        id: hold.id,
        heldBy: hold.key_name,
        keyKind: hold.key_kind === 'page' ? ('page' as const) : ('key' as const),
        heldUntil: toLocalIso(hold.expires_at, zone),
      })),
    );
  }
  await deleteHolds(
    trx,
    inTheWay.map((hold) => hold.id),
  );
  return staffId;
}
