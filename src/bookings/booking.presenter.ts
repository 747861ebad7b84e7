import { toIso } from '../clock.ts';
import { toLocalIso } from '../time/local-time.ts';
import type { BookingView } from './bookings.repository.ts';

/** The services of a visit in order; a booking of one service is its own only entry. */
function servicesOf(view: BookingView) {
  const rows = view.services ?? [
    { service_id: view.service_id, name: view.service_name, start_at: view.start_at, end_at: view.end_at, price: view.price },
  ];
  return rows.map((row) => ({
    serviceId: row.service_id,
    name: row.name,
    startTime: toLocalIso(row.start_at, view.timezone),
    endTime: toLocalIso(row.end_at, view.timezone),
    durationMinutes: Math.round((row.end_at - row.start_at) / 60_000),
    price: row.price,
  }));
}

/**
 * Whose eyes: `record` (the salon, and keys with bookings:read) sees the client record the booking
 * is on; `as-booked` (a key that may book but not read bookings) sees the client only as it sent
 * them, without the record's id, so booking never tells it anything about a client it named
 * (docs/decisions.md).
 */
export type ClientView = 'record' | 'as-booked';

/** The client's details as the booking gave them (the record's, for rows from before 0012). */
function bookedAs(view: BookingView) {
  if (view.booked_name === null) return { name: view.client_name, email: view.client_email, phone: view.client_phone };
  return { name: view.booked_name, email: view.booked_email, phone: view.booked_phone };
}

/** A booking as the APIs show it; times carry the business's UTC offset. */
export function toBookingJson(view: BookingView, clientView: ClientView = 'record') {
  const services = servicesOf(view);
  const booked = bookedAs(view);
  const record = clientView === 'record';
  return {
    id: view.id,
    status: view.status,
    serviceId: view.service_id,
    // Spec 6.3's serviceName names them all, so a receiver that knows only it still reads the visit right.
    serviceName: services.map((s) => s.name).join(' + '),
    services,
    staffId: view.staff_id,
    staffName: view.staff_name,
    startTime: toLocalIso(view.start_at, view.timezone),
    endTime: toLocalIso(view.end_at, view.timezone),
    durationMinutes: Math.round((view.end_at - view.start_at) / 60_000),
    price: view.price,
    currency: view.currency,
    client: record
      ? { id: view.client_id, name: view.client_name, email: view.client_email, phone: view.client_phone }
      : { id: null, ...booked },
    bookedAs: booked,
    clientCheck: record && view.client_check ? { matchedBy: view.client_check } : null,
    notes: view.notes,
    source: view.source,
    cancelReason: view.cancel_reason,
    createdAt: toIso(view.created_at),
    updatedAt: toIso(view.updated_at),
  };
}

export type BookingJson = ReturnType<typeof toBookingJson>;

/** The booking part of every booking.* event (spec 6.3 fields plus what a CRM needs). */
export function bookingEventData(view: BookingView, clientView: ClientView = 'record') {
  const { id, cancelReason: _cancelReason, ...rest } = toBookingJson(view, clientView);
  return { bookingId: id, ...rest };
}
