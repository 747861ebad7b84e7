import { toIso } from '../clock.ts';
import { toLocalIso } from '../businesses/local-time.ts';
import type { BookingView } from './bookings.repository.ts';

/** A booking as the APIs show it; times carry the business's UTC offset. */
export function toBookingJson(view: BookingView) {
  return {
    id: view.id,
    status: view.status,
    serviceId: view.service_id,
    serviceName: view.service_name,
    staffId: view.staff_id,
    staffName: view.staff_name,
    startTime: toLocalIso(view.start_at, view.timezone),
    endTime: toLocalIso(view.end_at, view.timezone),
    durationMinutes: Math.round((view.end_at - view.start_at) / 60_000),
    price: view.price,
    currency: view.currency,
    client: { id: view.client_id, name: view.client_name, email: view.client_email, phone: view.client_phone },
    notes: view.notes,
    source: view.source,
    cancelReason: view.cancel_reason,
    createdAt: toIso(view.created_at),
    updatedAt: toIso(view.updated_at),
  };
}

export type BookingJson = ReturnType<typeof toBookingJson>;

/** The booking part of every booking.* event (spec 6.3 fields plus what a CRM needs). */
export function bookingEventData(view: BookingView) {
  const { id, cancelReason: _cancelReason, ...rest } = toBookingJson(view);
  return { bookingId: id, ...rest };
}
