import { recordAudit, recorded } from '../audit/record.ts';
import { randomBytes } from 'node:crypto';
import ical, { ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/transaction.ts';
import { toIso } from '../clock.ts';
import { findBusiness } from '../businesses/businesses.repository.ts';
import { bookingViewsFrom, type BookingView } from '../bookings/bookings.repository.ts';
import type { CalendarFeedRow } from '../db/tables.ts';
import type { Tx } from '../db/transaction.ts';
import { errors } from '../http/errors.ts';
import { sha256Hex } from '../ids.ts';
import { vtimezone } from '../time/vtimezone.ts';
import { findStaff } from '../staff/staff.repository.ts';
import { type Language, languageOf } from '../mail/wording.ts';
import { findFeed, findLiveFeedByHash, insertFeed, listFeeds, revokeFeed } from './calendar.repository.ts';
import type feedCreateSchema from '../../schema/calendar-feed-create.ts';
import type { Valid } from '../http/validate.ts';

/** What this feature uses of the application. */
export type CalendarDeps = { readonly db: Db; readonly clock: Clock };
type Deps = CalendarDeps;

export const FEED_TOKEN_PREFIX = 'cal_';
const FEED_PATH = '/v1/integration/calendar/';
/** How far back a feed reaches: the recent past is still useful on a phone; older history is not. */
const PAST_DAYS = 30;
/** How far ahead the feed's VTIMEZONE is exact at least (further when bookings reach further). */
const ZONE_AHEAD_DAYS = 400;

export type FeedInput = Valid<typeof feedCreateSchema>;

/** The names a feed is given when nobody names it otherwise (the page gives these too, in its language). */
const FEED_NAMES: Record<Language, { all: string; staff: (name: string) => string }> = {
  en: { all: 'All bookings', staff: (name) => `${name}'s bookings` },
  de: { all: 'Alle Termine', staff: (name) => `Termine von ${name}` },
};

/**
 * The feed's name as the phone shows it: a name the server or the page gave it ("All bookings",
 * "Termine von Anna", in whichever language the salon spoke then) in the salon's language now, so
 * feeds made before the page named them in it, and before the salon changed its language, follow;
 * a name someone chose stays as it is. `staffName`: the feed's staff member's name now.
 */
export function feedNameIn(name: string, staffName: string | null, locale: string): string {
  const words = FEED_NAMES[languageOf(locale)];
  const given = Object.values(FEED_NAMES);
  if (staffName === null) return given.some((w) => w.all === name) ? words.all : name;
  return given.some((w) => w.staff(staffName) === name) ? words.staff(staffName) : name;
}

function toFeedJson(row: CalendarFeedRow) {
  return {
    id: row.id,
    staffId: row.staff_id,
    name: row.name,
    status: row.revoked_at === null ? 'active' : 'revoked',
    createdAt: toIso(row.created_at),
    revokedAt: row.revoked_at === null ? null : toIso(row.revoked_at),
  };
}

/** Makes a feed; its secret URL is in this answer only (the token is stored as a SHA-256, like API keys). */
export async function createFeed(trx: Tx, app: Pick<Deps, 'clock'>, businessId: number, input: FeedInput) {
  if (!(await findBusiness(trx, businessId))) throw errors.notFound('Business');
  const staff = input.staffId === undefined ? undefined : await findStaff(trx, businessId, input.staffId);
  if (input.staffId !== undefined && !staff) throw errors.notFound('Staff member');
  const token = FEED_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const now = app.clock.now();
  const id = await insertFeed(trx, {
    business_id: businessId,
    staff_id: staff?.id ?? null,
    name: input.name ?? (staff ? FEED_NAMES.en.staff(staff.name) : FEED_NAMES.en.all),
    token_hash: sha256Hex(token),
    created_at: now,
    revoked_at: null,
  });
  const row = (await findFeed(trx, businessId, id))!;
  await recordAudit(trx, {
    businessId,
    action: 'calendar_feed.created',
    target: { kind: 'calendar_feed', id },
    after: { ...toFeedJson(row), token: 'set' },
  });
  return { ...toFeedJson(row), token, path: `${FEED_PATH}${token}` };
}

export async function listBusinessFeeds(app: Pick<Deps, 'db'>, businessId: number) {
  const data = (await listFeeds(app.db, businessId)).map(toFeedJson);
  return { data, total: data.length };
}

/** Stops a feed's URL at once (404 from then on). */
export async function revokeBusinessFeed(trx: Tx, app: Pick<Deps, 'clock'>, businessId: number, id: number) {
  const before = await findFeed(trx, businessId, id);
  if (!before) throw errors.notFound('Calendar feed');
  await revokeFeed(trx, id, app.clock.now());
  const target = { kind: 'calendar_feed', id };
  return recorded(
    trx,
    { businessId, action: 'calendar_feed.revoked', target, before: toFeedJson(before) },
    toFeedJson((await findFeed(trx, businessId, id))!),
  );
}

/**
 * The iCalendar text of a live feed: bookings from 30 days ago on, each with a UID that stays the
 * same across changes (so a moved booking moves in the phone's calendar), times in the salon's
 * zone with its VTIMEZONE before the events (the changes of offset over the feed's span, so every
 * calendar app shows the salon's hours, whatever zone the phone is in), and a cancelled booking
 * kept as STATUS:CANCELLED so subscribers remove it, and so is a no-show (the visit did not take
 * place: phones strike it out or hide it, as a cancelled one; docs/decisions.md). Only what staff
 * need: time, service, client's name.
 */
export async function feedCalendar(app: Deps, token: string): Promise<{ feedId: number; text: string }> {
  const feed = await findLiveFeedByHash(app.db, sha256Hex(token));
  if (!feed) throw errors.notFound('Calendar feed');
  const business = (await findBusiness(app.db, feed.business_id))!;
  const staff = feed.staff_id === null ? undefined : await findStaff(app.db, feed.business_id, feed.staff_id);
  const from = app.clock.now() - PAST_DAYS * 86_400_000;
  const bookings = await bookingViewsFrom(app.db, feed.business_id, from, feed.staff_id);
  const to = Math.max(app.clock.now() + ZONE_AHEAD_DAYS * 86_400_000, ...bookings.map((b) => b.end_at));
  const calendar = ical({
    name: `${business.name}: ${feed.staff_id !== null && !staff ? feed.name : feedNameIn(feed.name, staff?.name ?? null, business.page_locale)}`,
    prodId: { company: 'booking-api', product: 'calendar-feed' },
    ttl: 15 * 60,
    // The zone is the events' (TZID on each time); the calendar only writes its VTIMEZONE.
    timezone: { name: null, generator: (zone) => vtimezone(zone, from, to) },
  });
  calendar.x([{ key: 'X-WR-TIMEZONE', value: business.timezone }]);
  for (const booking of bookings) calendar.createEvent(eventOf(booking, feed));
  return { feedId: feed.id, text: calendar.toString() };
}

function eventOf(booking: BookingView, feed: CalendarFeedRow) {
  const services = booking.services ? booking.services.map((s) => s.name).join(' + ') : booking.service_name;
  // Until the salon says the details given are its client's, the name given: whom to expect.
  const client = booking.client_check && booking.booked_name ? booking.booked_name : booking.client_name;
  const local = (ms: number) => DateTime.fromMillis(ms, { zone: booking.timezone });
  return {
    id: `booking-${booking.id}@${booking.business_id}.booking-api`,
    start: local(booking.start_at),
    end: local(booking.end_at),
    timezone: booking.timezone,
    stamp: new Date(booking.updated_at),
    summary: feed.staff_id === null ? `${services}: ${client} (${booking.staff_name})` : `${services}: ${client}`,
    status:
      booking.status === 'cancelled' || booking.status === 'no_show'
        ? ICalEventStatus.CANCELLED
        : booking.status === 'pending'
          ? ICalEventStatus.TENTATIVE
          : ICalEventStatus.CONFIRMED,
  };
}
