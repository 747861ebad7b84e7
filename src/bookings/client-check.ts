import type { Clock } from '../clock.ts';
import type { Outbox } from '../delivery/outbox.ts';
import { newClientFromBooking } from '../clients/clients.service.ts';
import type { Tx } from '../db/transaction.ts';
import { errors } from '../http/errors.ts';
import { toBookingJson, type BookingJson } from './booking.presenter.ts';
import { auditBooking } from './bookings.service.ts';
import { findBookingView, settleClientCheck, type BookingView } from './bookings.repository.ts';

type Deps = { readonly clock: Clock; readonly outbox: Outbox };

/**
 * The salon's answer to a booking's client check (docs/decisions.md): the details the booking gave
 * and the client record it was put on are the same person. The booking stays on the client; the
 * record stays as it is (the salon changes it on the client's page if it wants to).
 */
export async function keepBookingClient(trx: Tx, app: Deps, businessId: number, id: number): Promise<BookingJson> {
  const before = await openCheck(trx, businessId, id);
  await settle(trx, id, { updated_at: app.clock.now() });
  const after = (await findBookingView(trx, businessId, id))!;
  await auditBooking(trx, 'booking.client_kept', before, after);
  return toBookingJson(after);
}

/**
 * The other answer: someone else. The booking moves to a new client made of its name and phone
 * (client.created). Not its e-mail address: put on the record by it, it is that client's (one client
 * per address), and a booking matched by phone gave none.
 */
export async function separateBookingClient(trx: Tx, app: Deps, businessId: number, id: number): Promise<BookingJson> {
  const view = await openCheck(trx, businessId, id);
  const now = app.clock.now();
  const client = await newClientFromBooking(
    trx,
    app.outbox,
    businessId,
    { name: view.booked_name ?? view.client_name, phone: view.booked_phone },
    now,
  );
  await settle(trx, id, { client_id: client.id, updated_at: now });
  const after = (await findBookingView(trx, businessId, id))!;
  await auditBooking(trx, 'booking.client_separated', view, after);
  return toBookingJson(after);
}

async function openCheck(trx: Tx, businessId: number, id: number): Promise<BookingView> {
  const view = await findBookingView(trx, businessId, id);
  if (!view) throw errors.notFound('Booking');
  if (!view.client_check) throw noCheck();
  return view;
}

/** Clears the check, only if it is still open: of two answers at once, the second is refused. */
async function settle(trx: Tx, id: number, patch: { client_id?: number; updated_at: number }): Promise<void> {
  if (!(await settleClientCheck(trx, id, patch))) throw noCheck();
}

function noCheck() {
  return errors.conflict('no_client_check', 'This booking has no open question about its client: it has been answered, or there was none.');
}
