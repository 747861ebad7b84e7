/**
 * What a message to a client tells of: the booking as the event that caused it had it (its data,
 * schema/defs.ts bookingSnapshot), read for the few fields a client sees.
 */
export interface Visit {
  bookingId: number;
  status: string;
  serviceName: string;
  staffName: string;
  /** Instants, from the snapshot's local ISO times. */
  startAt: number;
  endAt: number;
  clientName: string;
  /** Where the client asked to hear: the address the booking gave, else the client record's. */
  email: string | null;
  cancelReason: string | null;
  previousStartAt: number | null;
  createdAt: number;
  updatedAt: number;
}

interface Snapshot {
  bookingId: number;
  status: string;
  serviceName: string;
  staffName: string;
  startTime: string;
  endTime: string;
  client: { name: string; email: string | null };
  bookedAs?: { name: string; email: string | null };
  cancelReason?: string | null;
  previousStartTime?: string;
  createdAt: string;
  updatedAt: string;
}

/** Whether an event's data is a booking as booking.* events carry it (what a test's own event may not be). */
export function isBookingSnapshot(data: Record<string, unknown>): boolean {
  return typeof data.bookingId === 'number' && typeof data.startTime === 'string' && typeof data.endTime === 'string';
}

export function visitOf(data: Record<string, unknown>): Visit {
  const s = data as unknown as Snapshot;
  return {
    bookingId: s.bookingId,
    status: s.status,
    serviceName: s.serviceName,
    staffName: s.staffName,
    startAt: Date.parse(s.startTime),
    endAt: Date.parse(s.endTime),
    clientName: s.bookedAs?.name ?? s.client.name,
    email: s.bookedAs?.email ?? s.client.email ?? null,
    cancelReason: s.cancelReason ?? null,
    previousStartAt: s.previousStartTime ? Date.parse(s.previousStartTime) : null,
    createdAt: Date.parse(s.createdAt),
    updatedAt: Date.parse(s.updatedAt),
  };
}

/** The salon as its clients see it, and its rules for them. */
export interface Salon {
  id: number;
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  locale: string;
  timezone: string;
  cancelCutoffMinutes: number;
}

export function salonOf(row: {
  id: number;
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  page_locale: string;
  timezone: string;
  cancel_cutoff_minutes: number;
}): Salon {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    email: row.email,
    locale: row.page_locale,
    timezone: row.timezone,
    cancelCutoffMinutes: row.cancel_cutoff_minutes,
  };
}

/** The visit's date and time as the salon writes them: "Monday 23 November 2026 at 10:00". */
export function whenText(at: number, salon: Pick<Salon, 'locale' | 'timezone'>): string {
  return new Intl.DateTimeFormat(salon.locale, { dateStyle: 'full', timeStyle: 'short', timeZone: salon.timezone }).format(at);
}

/** "Monday 23 November 2026, 10:00–10:45". */
export function spanText(start: number, end: number, salon: Pick<Salon, 'locale' | 'timezone'>): string {
  const date = new Intl.DateTimeFormat(salon.locale, { dateStyle: 'full', timeZone: salon.timezone }).format(start);
  const time = new Intl.DateTimeFormat(salon.locale, { timeStyle: 'short', timeZone: salon.timezone });
  return `${date}, ${time.format(start)}–${time.format(end)}`;
}

/** Until when the client may still cancel or move the visit themselves. */
export function cutoffOf(visit: Pick<Visit, 'startAt'>, salon: Pick<Salon, 'cancelCutoffMinutes'>): number {
  return visit.startAt - salon.cancelCutoffMinutes * 60_000;
}

/** The UID calendar programs know the visit by, the same in every message and in the staff's feeds. */
export function visitUid(bookingId: number, businessId: number): string {
  return `booking-${bookingId}@${businessId}.booking-api`;
}
