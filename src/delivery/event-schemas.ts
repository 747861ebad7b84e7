import type { SchemaObject } from 'ajv';
import bookingCreated from '../../schema/events/booking.created.json' with { type: 'json' };
import bookingConfirmed from '../../schema/events/booking.confirmed.json' with { type: 'json' };
import bookingCancelled from '../../schema/events/booking.cancelled.json' with { type: 'json' };
import bookingCompleted from '../../schema/events/booking.completed.json' with { type: 'json' };
import bookingNoShow from '../../schema/events/booking.no_show.json' with { type: 'json' };
import bookingRescheduled from '../../schema/events/booking.rescheduled.json' with { type: 'json' };
import clientCreated from '../../schema/events/client.created.json' with { type: 'json' };
import clientUpdated from '../../schema/events/client.updated.json' with { type: 'json' };
import reviewCreated from '../../schema/events/review.created.json' with { type: 'json' };
import paymentReceived from '../../schema/events/payment.received.json' with { type: 'json' };
import paymentRefunded from '../../schema/events/payment.refunded.json' with { type: 'json' };
import staffScheduleUpdated from '../../schema/events/staff.schedule_updated.json' with { type: 'json' };
import serviceUpdated from '../../schema/events/service.updated.json' with { type: 'json' };
import serviceDeleted from '../../schema/events/service.deleted.json' with { type: 'json' };
import bookingReminderDue from '../../schema/events/booking.reminder_due.json' with { type: 'json' };
import webhookPing from '../../schema/events/webhook.ping.json' with { type: 'json' };
import { EVENT_NAMES, PING_EVENT, type EventName } from './events.ts';

/** The JSON Schema of each event's `data`, from schema/events/: the one source for validation, the catalog and the docs. */
export const EVENT_SCHEMAS: Readonly<Record<EventName | typeof PING_EVENT, SchemaObject>> = {
  'booking.created': bookingCreated,
  'booking.confirmed': bookingConfirmed,
  'booking.cancelled': bookingCancelled,
  'booking.completed': bookingCompleted,
  'booking.no_show': bookingNoShow,
  'booking.rescheduled': bookingRescheduled,
  'client.created': clientCreated,
  'client.updated': clientUpdated,
  'review.created': reviewCreated,
  'payment.received': paymentReceived,
  'payment.refunded': paymentRefunded,
  'staff.schedule_updated': staffScheduleUpdated,
  'service.updated': serviceUpdated,
  'service.deleted': serviceDeleted,
  'booking.reminder_due': bookingReminderDue,
  'webhook.ping': webhookPing,
};

export function eventSchemaList(): Array<{ name: string; schema: SchemaObject }> {
  return [...EVENT_NAMES, PING_EVENT].map((name: EventName | typeof PING_EVENT) => ({ name, schema: EVENT_SCHEMAS[name] }));
}
