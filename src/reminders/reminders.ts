import { Cron } from 'croner';
import type { BusinessDirectory } from '../businesses/directory.ts';
import { emitBookingEvent } from '../bookings/bookings.service.ts';
import { findBookingView } from '../bookings/bookings.repository.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { EventName } from '../delivery/events.ts';
import type { FirstListener, Outbox } from '../delivery/outbox.ts';
import type { Logger } from '../log.ts';
import { LIVE_STATUSES } from '../slots/busy.repository.ts';
import { reminderTime } from '../time/quiet-hours.ts';
import { isBookingSnapshot } from '../mail/visit.ts';
import { anyReminderDue, dropReminder, setReminder, takeDueReminders } from './reminders.repository.ts';

/** Events after which a booking has a reminder to come (at its time), and after which it has none. */
const SCHEDULES: ReadonlySet<EventName> = new Set(['booking.created', 'booking.rescheduled']);
const ENDS: ReadonlySet<EventName> = new Set(['booking.cancelled', 'booking.completed', 'booking.no_show']);

/** Reminders fired in one transaction. */
const BATCH = 50;

/**
 * Keeps each live booking's reminder in step with it, in the transaction of the booking's event (an
 * outbox listener): made when it is booked, moved with it, dropped when it is cancelled or over.
 */
export function remindersOnEvents(deps: { readonly directory: BusinessDirectory }): FirstListener {
  return async (trx, event) => {
    if (!isBookingSnapshot(event.data)) return;
    const bookingId = event.data.bookingId as number;
    if (ENDS.has(event.name)) return dropReminder(trx, bookingId);
    if (!SCHEDULES.has(event.name)) return;
    const { business } = (await deps.directory.get(trx, event.businessId))!;
    const dueAt = reminderTime(Date.parse(event.data.startTime as string), business.reminder_lead_minutes, business.timezone);
    if (dueAt === undefined || dueAt <= event.at) return dropReminder(trx, bookingId);
    await setReminder(trx, { bookingId, businessId: event.businessId, dueAt });
  };
}

export interface ReminderClockOptions {
  readonly database: Database;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly outbox: Outbox;
}

/**
 * Fires reminders when they come due: each second, takes the due ones out of the table and records
 * booking.reminder_due for each booking still live and still ahead, in one transaction, so a
 * reminder fires once whatever crashes (its e-mail and its webhooks' deliveries are queued by the
 * same commit).
 */
export class ReminderClock {
  readonly #o: ReminderClockOptions;
  #tick: Cron | undefined;

  constructor(options: ReminderClockOptions) {
    this.#o = options;
  }

  start(): void {
    this.#tick = new Cron('* * * * * *', { protect: true, unref: true }, async () => {
      await this.fireDue();
    });
  }

  stop(): void {
    this.#tick?.stop();
  }

  /** Fires every reminder due by now; the number fired. */
  async fireDue(): Promise<number> {
    let fired = 0;
    try {
      for (;;) {
        const now = this.#o.clock.now();
        if (!(await anyReminderDue(this.#o.database.db, now))) break;
        const { taken, count } = await this.#o.database.transaction(async (trx) => {
          const due = await takeDueReminders(trx, now, BATCH);
          let count = 0;
          for (const { bookingId, businessId } of due) {
            const view = await findBookingView(trx, businessId, bookingId);
            if (!view || !LIVE_STATUSES.includes(view.status) || view.start_at <= now) continue;
            await emitBookingEvent(trx, this.#o, 'booking.reminder_due', view);
            count++;
          }
          return { taken: due.length, count };
        });
        fired += count;
        if (taken < BATCH) break;
      }
    } catch (err) {
      this.#o.logger.error({ err }, 'reminders could not reach the database');
    }
    return fired;
  }
}
