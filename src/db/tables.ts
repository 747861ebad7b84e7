import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Row types of every table, as stored: snake_case columns, times as Unix milliseconds, booleans
 * as 0/1 and lists as JSON text. Presenters in each feature turn rows into API shapes.
 */
export interface Tables {
  settings: SettingsTable;
  businesses: BusinessesTable;
  api_keys: ApiKeysTable;
  rate_counters: RateCountersTable;
  services: ServicesTable;
  webhooks: WebhooksTable;
  events: EventsTable;
  deliveries: DeliveriesTable;
  delivery_attempts: DeliveryAttemptsTable;
  staff: StaffTable;
  staff_services: StaffServicesTable;
  clients: ClientsTable;
  bookings: BookingsTable;
  idempotency_keys: IdempotencyKeysTable;
  reviews: ReviewsTable;
  payments: PaymentsTable;
  cache_versions: CacheVersionsTable;
  time_off: TimeOffTable;
  closures: ClosuresTable;
  slot_holds: SlotHoldsTable;
  booking_services: BookingServicesTable;
  calendar_feeds: CalendarFeedsTable;
  booking_page_logos: BookingPageLogosTable;
  booking_page_counts: BookingPageCountsTable;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface BusinessesTable {
  id: Generated<number>;
  name: string;
  timezone: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  currency: string;
  /** JSON: WeeklyHours, see src/time/hours.ts. */
  working_hours: string;
  slot_step_minutes: number;
  /** No slot starts sooner than this after now (0003). */
  min_notice_minutes: Generated<number>;
  /** No slot on a local date more than this many days after today (0003). */
  horizon_days: Generated<number>;
  /** The short name in the booking page's address, /book/<page_slug>; unique (0014). */
  page_slug: string | null;
  /** The booking page's language and date format, a BCP 47 tag such as de-DE. */
  page_locale: Generated<string>;
  /** The page's accent colour, #rrggbb; null: the page's own. */
  page_accent_color: string | null;
  /** The salon's cancellation policy, shown before a client books. */
  page_policy: Generated<string>;
  /** 1: a booking on the page by a client the salon has not seen stays pending until the salon confirms it. */
  page_confirm_new_clients: Generated<number>;
  /** 1: a client booked at the desk needs a phone number or an e-mail address; 0: a name will do. */
  desk_contact_required: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface ApiKeysTable {
  id: Generated<number>;
  business_id: number;
  name: string;
  /** SHA-256 of the key value, hex. The value itself is never stored. */
  key_hash: string;
  /** JSON array of scope names. */
  scopes: string;
  /** JSON array of host patterns, or null when any origin may call. */
  allowed_origins: string | null;
  status: 'active' | 'revoked';
  /** `page`: the key the booking page books with (0014); never shown, and no value opens it. */
  kind: Generated<'api' | 'page'>;
  expires_at: number | null;
  last_used_at: number | null;
  revoked_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface RateCountersTable {
  api_key_id: number;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  count: number;
}

export interface ServicesTable {
  id: Generated<number>;
  business_id: number;
  name: string;
  description: string;
  duration_minutes: number;
  /** Preparation before and cleaning after, in the staff member's time only (0006). */
  buffer_before_minutes: Generated<number>;
  buffer_after_minutes: Generated<number>;
  /** In the currency's minor unit (cents). */
  price: number;
  currency: string;
  active: number;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
}

export type WebhookStatus = 'active' | 'failed';

export interface WebhooksTable {
  id: Generated<number>;
  business_id: number;
  api_key_id: number;
  target_url: string;
  /** JSON array of event names. */
  events: string;
  description: string;
  secret: string;
  status: WebhookStatus;
  consecutive_failures: number;
  /** Why the webhook was switched off; null while active. */
  disabled_reason: string | null;
  last_triggered_at: number | null;
  /** Attempts ever made, kept by a trigger: the history's total without a count. */
  attempt_count: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface EventsTable {
  id: Generated<number>;
  business_id: number;
  event: string;
  /** JSON of the event's data object. */
  data: string;
  /** The booking the event is about (its data's `bookingId`), if any. */
  booking_id: number | null;
  created_at: number;
}

export interface DeliveriesTable {
  id: Generated<number>;
  /** whdel_…, the envelope id and X-Webhook-Delivery. */
  delivery_id: string;
  webhook_id: number;
  /** Null for pings, which are not business events. */
  event_id: number | null;
  event: string;
  /** The exact bytes every attempt sends. */
  body: string;
  created_at: number;
}

export type AttemptStatus = 'pending' | 'success' | 'retrying' | 'failed';
export type AttemptTrigger = 'event' | 'retry' | 'manual' | 'ping';

export interface DeliveryAttemptsTable {
  id: Generated<number>;
  delivery_pk: number;
  webhook_id: number;
  attempt_number: number;
  status: AttemptStatus;
  trigger: AttemptTrigger;
  due_at: number;
  /** Set while a worker owns the attempt; an expired lease is claimed again. */
  lease_until: number | null;
  sent_at: number | null;
  response_status_code: number | null;
  response_time_ms: number | null;
  error_message: string | null;
  /** First 1 KiB of the receiver's response body. */
  response_excerpt: string | null;
  created_at: number;
  updated_at: number;
}

export interface StaffTable {
  id: Generated<number>;
  business_id: number;
  name: string;
  title: string | null;
  /** Private: shown in the admin API only. */
  email: string | null;
  phone: string | null;
  active: number;
  /** JSON: WeeklySchedule, see src/time/schedule.ts. */
  schedule: string;
  created_at: number;
  updated_at: number;
}

export interface StaffServicesTable {
  staff_id: number;
  service_id: number;
}

export interface ClientsTable {
  id: Generated<number>;
  business_id: number;
  name: string;
  email: string | null;
  /** Lower-cased e-mail, unique per business. */
  email_normalized: string | null;
  phone: string | null;
  notes: string;
  created_at: number;
  updated_at: number;
}

export type BookingStatus = 'pending' | 'confirmed' | 'cancelled' | 'completed' | 'no_show';

export interface BookingsTable {
  id: Generated<number>;
  business_id: number;
  service_id: number;
  staff_id: number;
  client_id: number;
  status: BookingStatus;
  start_at: number;
  end_at: number;
  /** The service's buffers when booked: the staff member is busy this much before and after (0006). */
  buffer_before_minutes: Generated<number>;
  buffer_after_minutes: Generated<number>;
  /** How many services the visit holds (0008); more than one: booking_services lists them. */
  service_count: Generated<number>;
  /** The service's price when booked, minor units (all services' together). */
  price: number;
  currency: string;
  notes: string;
  source: 'integration' | 'admin';
  api_key_id: number | null;
  cancel_reason: string | null;
  cancelled_by: string | null;
  /** The client's details as the booking gave them (0012); the client record may say otherwise. */
  booked_name: string | null;
  booked_email: string | null;
  booked_phone: string | null;
  /**
   * Set while the salon has not said whether the booking's details and its client record are the
   * same person: the booking was put on the client because of this e-mail address or phone (0012).
   */
  client_check: ClientCheck | null;
  created_at: number;
  updated_at: number;
}

export type ClientCheck = 'email' | 'phone';

export interface IdempotencyKeysTable {
  api_key_id: number;
  key: string;
  request_hash: string;
  response_status: number;
  response_body: string;
  created_at: number;
}

export interface ReviewsTable {
  id: Generated<number>;
  business_id: number;
  booking_id: number | null;
  client_id: number | null;
  staff_id: number | null;
  service_id: number | null;
  rating: number;
  comment: string;
  author_name: string;
  created_at: number;
}

export interface PaymentsTable {
  id: Generated<number>;
  business_id: number;
  booking_id: number;
  kind: 'payment' | 'refund';
  refund_of: number | null;
  amount: number;
  currency: string;
  method: string;
  note: string;
  created_at: number;
}

export interface TimeOffTable {
  id: Generated<number>;
  business_id: number;
  staff_id: number;
  all_day: number;
  /** Local dates (YYYY-MM-DD, both included) of a whole-day absence; null for part of a day. */
  start_date: string | null;
  end_date: string | null;
  /** The absence as instants; for whole days, computed from the dates in the business's zone. */
  start_at: number;
  end_at: number;
  note: string;
  created_at: number;
  updated_at: number;
}

export interface ClosuresTable {
  id: Generated<number>;
  business_id: number;
  /** Local dates, both included. */
  start_date: string;
  end_date: string;
  note: string;
  created_at: number;
  updated_at: number;
}

export interface SlotHoldsTable {
  id: Generated<number>;
  business_id: number;
  /** The key that holds the time: its own slot list still shows it, other keys' do not. */
  api_key_id: number;
  service_id: number;
  staff_id: number;
  start_at: number;
  end_at: number;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  /** JSON array of the services held, in order (0008); null: just service_id. */
  service_ids: string | null;
  /** The hold counts while this is later than now. */
  expires_at: number;
  created_at: number;
  /** The booking page's holds: the visitor's network (src/auth/client-address.ts), for the cap per address (0014). */
  holder_address: string | null;
  /** The booking page's holds: SHA-256 of the token the visitor books or releases it with. */
  token_hash: string | null;
}

export interface BookingServicesTable {
  booking_id: number;
  position: number;
  service_id: number;
  /** The service's name when booked. */
  name: string;
  start_at: number;
  end_at: number;
  price: number;
}

export interface CalendarFeedsTable {
  id: Generated<number>;
  business_id: number;
  /** Null: every staff member's bookings, the salon's calendar. */
  staff_id: number | null;
  name: string;
  /** SHA-256 of the token, hex; the token itself is shown once. */
  token_hash: string;
  created_at: number;
  revoked_at: number | null;
}

export interface BookingPageLogosTable {
  business_id: number;
  /** image/png, image/jpeg or image/webp. */
  content_type: string;
  /** The image, base64. */
  data: string;
  updated_at: number;
}

/** Bookings made on the booking page from one client address on one UTC day (YYYY-MM-DD). */
export interface BookingPageCountsTable {
  address: string;
  day: string;
  bookings: number;
}

export type CalendarFeedRow = Selectable<CalendarFeedsTable>;
export type BookingServiceRow = Selectable<BookingServicesTable>;
export type SlotHoldRow = Selectable<SlotHoldsTable>;
export type TimeOffRow = Selectable<TimeOffTable>;
export type ClosureRow = Selectable<ClosuresTable>;
export type BusinessRow = Selectable<BusinessesTable>;
export type StaffRow = Selectable<StaffTable>;
export type ClientRow = Selectable<ClientsTable>;
export type BookingRow = Selectable<BookingsTable>;
export type ReviewRow = Selectable<ReviewsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type ServiceRow = Selectable<ServicesTable>;
export type WebhookRow = Selectable<WebhooksTable>;
export type NewWebhook = Insertable<WebhooksTable>;
export type WebhookUpdate = Updateable<WebhooksTable>;
export type DeliveryRow = Selectable<DeliveriesTable>;
export type AttemptRow = Selectable<DeliveryAttemptsTable>;

/** One row per cache topic (src/db/database.ts); triggers bump `version` on every change the topic covers. */
export interface CacheVersionsTable {
  topic: string;
  version: number;
}
