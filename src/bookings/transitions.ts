import type { BookingStatus } from '../db/tables.ts';
import type { EventName } from '../delivery/events.ts';

export type TransitionName = 'confirm' | 'cancel' | 'complete' | 'no-show';

interface Transition {
  from: readonly BookingStatus[];
  to: BookingStatus;
  event: EventName;
  /** Only once the appointment has begun: nobody completes or misses a visit in advance. */
  onlyAfterStart: boolean;
}

/** The booking state machine. Every move not in this table is refused (409). */
export const TRANSITIONS: Readonly<Record<TransitionName, Transition>> = {
  confirm: { from: ['pending'], to: 'confirmed', event: 'booking.confirmed', onlyAfterStart: false },
  cancel: { from: ['pending', 'confirmed'], to: 'cancelled', event: 'booking.cancelled', onlyAfterStart: false },
  complete: { from: ['pending', 'confirmed'], to: 'completed', event: 'booking.completed', onlyAfterStart: true },
  'no-show': { from: ['pending', 'confirmed'], to: 'no_show', event: 'booking.no_show', onlyAfterStart: true },
};

/** Only live bookings can move to another time. */
export const RESCHEDULABLE: readonly BookingStatus[] = ['pending', 'confirmed'];

const WORDS: Record<BookingStatus, string> = {
  pending: 'a pending',
  confirmed: 'a confirmed',
  cancelled: 'a cancelled',
  completed: 'a completed',
  no_show: 'a missed (no-show)',
};

export function refusalMessage(name: TransitionName | 'reschedule', status: BookingStatus): string {
  const verb = { confirm: 'confirm', cancel: 'cancel', complete: 'complete', 'no-show': 'mark as no-show', reschedule: 'reschedule' }[name];
  return `Cannot ${verb} ${WORDS[status]} booking.`;
}
