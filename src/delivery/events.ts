/**
 * The events of spec section 6.1, and this server's extensions after them: the only names a
 * webhook may subscribe to.
 */
export const EVENTS = {
  'booking.created': 'A client created a new booking.',
  'booking.confirmed': 'A booking is confirmed.',
  'booking.cancelled': 'A booking is cancelled.',
  'booking.completed': 'A visit is completed.',
  'booking.no_show': 'A client did not appear.',
  'booking.rescheduled': 'A booking is moved to another time.',
  'client.created': 'A new client appears.',
  'client.updated': 'Client data changed.',
  'review.created': 'A client left a review.',
  'payment.received': 'A payment is received.',
  'payment.refunded': 'A refund is made.',
  'staff.schedule_updated': "A staff member's schedule changed.",
  'service.updated': 'A service is updated.',
  'service.deleted': 'A service is deleted.',
  'booking.reminder_due':
    "A booking's reminder time has come (the salon's reminder lead before the visit): for receivers that send their own reminders (SMS, WhatsApp). An extension of the spec's 14.",
} as const;

export type EventName = keyof typeof EVENTS;

/**
 * Events that tell about a booking's client, and what a webhook of a key that books but may not
 * read bookings hears of them (docs/decisions.md): `booking`, only those of the bookings it made,
 * with the client as it sent them; `client`, none (their ids, or whether client.created came,
 * would say whether someone it named was already a client). Every other webhook hears them all.
 */
export const ABOUT_CLIENTS: Readonly<Partial<Record<EventName, 'booking' | 'client'>>> = {
  'booking.created': 'booking',
  'booking.confirmed': 'booking',
  'booking.cancelled': 'booking',
  'booking.completed': 'booking',
  'booking.no_show': 'booking',
  'booking.rescheduled': 'booking',
  'booking.reminder_due': 'booking',
  'client.created': 'client',
  'client.updated': 'client',
  'review.created': 'client',
  'payment.received': 'client',
  'payment.refunded': 'client',
};

export const EVENT_NAMES = Object.keys(EVENTS) as EventName[];

/** What a webhook subscribes with to hear every event, those added later included: `events: ["*"]`. */
export const EVERY_EVENT = '*' as const;

/** Sent by POST /webhooks/:id/ping only; not subscribable. */
export const PING_EVENT = 'webhook.ping' as const;
