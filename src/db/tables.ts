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
  backup_runs: BackupRunsTable;
  webhook_recoveries: WebhookRecoveriesTable;
  mail_settings: MailSettingsTable;
  mail_messages: MailMessagesTable;
  mail_addresses: MailAddressesTable;
  booking_reminders: BookingRemindersTable;
  manage_links: ManageLinksTable;
  audit_entries: AuditEntriesTable;
  users: UsersTable;
  user_sessions: UserSessionsTable;
  user_passkeys: UserPasskeysTable;
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
  /** 1: the salon chose page_locale; 0: the page speaks each visitor's language, page_locale for the rest (0023). */
  page_locale_chosen: Generated<number>;
  /** The page's accent colour, #rrggbb; null: the page's own. */
  page_accent_color: string | null;
  /** The salon's cancellation policy, shown before a client books. */
  page_policy: Generated<string>;
  /** 1: a booking on the page by a client the salon has not seen stays pending until the salon confirms it. */
  page_confirm_new_clients: Generated<number>;
  /** How long before a visit its reminder goes out; 0: none (0015). */
  reminder_lead_minutes: Generated<number>;
  /** Until how long before a visit a client may cancel or move it themselves (0015). */
  cancel_cutoff_minutes: Generated<number>;
  /** 1: a client booked at the desk needs a phone number or an e-mail address; 0: a name will do. */
  desk_contact_required: Generated<number>;
  /** The country national phone numbers are read in, ISO 3166-1 alpha-2; null: none set (0021). */
  phone_country: string | null;
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
  /**
   * JSON `[{secret, expiresAt}]`, oldest first: secrets a rotation with a grace period still signs
   * with until `expiresAt`, each sealed like `secret` (0019). Null when there are none.
   */
  previous_secrets: string | null;
  /** The headers sent with every delivery: one sealed JSON object (0019); null when there are none. */
  custom_headers: string | null;
  /** When it was switched off after its failures (0019); null while active. */
  disabled_at: number | null;
  /** When the salon chose to leave it switched off (0019): the overview stops showing it. */
  switch_off_seen_at: number | null;
  created_at: number;
  updated_at: number;
}

/** "Send again everything that failed between since and until" (0019), worked through in the background. */
export interface WebhookRecoveriesTable {
  id: Generated<number>;
  webhook_id: number;
  since: number;
  until: number;
  status: 'queued' | 'done';
  /** Deliveries found when it was asked for, counted to one beyond the cap (more than it sends again). */
  matched: number;
  /** Deliveries given a new attempt so far. */
  requeued: Generated<number>;
  /** The id of the last delivery looked at: a restart goes on after it. */
  last_delivery_pk: Generated<number>;
  created_at: number;
  finished_at: number | null;
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
  /** The name folded for search: lower case, no accents, ß → ss (src/text/search-keys.ts, 0021). */
  search_name: string;
  /** The phone in E.164 read with the business's phone_country, else its digits; null without one (0021). */
  search_phone: string | null;
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

export type TlsMode = 'starttls' | 'tls' | 'none';

/** A business's own mail server (0015); without a row, BOOKING_SMTP_URL if the server has one. */
export interface MailSettingsTable {
  business_id: number;
  host: string;
  port: number;
  tls: TlsMode;
  username: string | null;
  /** Sealed with the secrets key (src/secrets/secret-box.ts). */
  password: string | null;
  /** The sender; null: the salon's e-mail address. */
  from_address: string | null;
  created_at: number;
  updated_at: number;
}

/** A message to a client about a visit. */
export type ClientMailKind = 'booked' | 'received' | 'confirmed' | 'moved' | 'cancelled' | 'reminder';
/** `switched_off`: to the salon's owner, a webhook switched off after its failures (0020). */
export type MailKind = ClientMailKind | 'switched_off';
/** `skipped`: never sent, for the reason in `error` (no address, no mail server, reminders off…). */
export type MailStatus = 'pending' | 'sent' | 'failed' | 'skipped';

/** The mail queue (0015): one row per message to a client (or to the salon's owner, 0020), committed with the change that causes it. */
export interface MailMessagesTable {
  id: Generated<number>;
  business_id: number;
  booking_id: number | null;
  /** The event the message tells of. */
  event_id: number | null;
  kind: MailKind;
  recipient: string;
  /** The Message-ID header, the same on every attempt, so a resend after a crash is one message to mail programs that look. */
  message_id: string;
  /** JSON: the booking as the event had it (`{}` for a skipped message, which is never sent); for `switched_off`, the overview's notice of the connection. */
  data: string;
  /** The manage link's token, sealed, while the message waits; cleared once it is finished. */
  manage_token: string | null;
  status: MailStatus;
  attempts: Generated<number>;
  due_at: number;
  /** Set while a worker sends it; an expired lease is claimed again. */
  lease_until: number | null;
  /** Why it waits, failed or was skipped. */
  error: string | null;
  sent_at: number | null;
  created_at: number;
  updated_at: number;
}

/** What the salon's mail knows of a client's address (0015), lower-cased. */
export interface MailAddressesTable {
  business_id: number;
  address: string;
  /** Its mail server refused it for good (an SMTP 5xx): nothing more is sent to it. */
  refused_at: number | null;
  refused_reason: string | null;
  /** The client turned reminders off (List-Unsubscribe, the manage page). */
  reminders_off_at: number | null;
  updated_at: number;
}

/** The reminder still to come of a live booking (0015): it moves with the booking and goes when it is cancelled. */
export interface BookingRemindersTable {
  booking_id: number;
  business_id: number;
  due_at: number;
}

/** A link a message gave a client to manage their visit (0015); the token itself is never stored. */
export interface ManageLinksTable {
  id: Generated<number>;
  business_id: number;
  booking_id: number;
  token_hash: string;
  created_at: number;
}

export type MailSettingsRow = Selectable<MailSettingsTable>;
export type MailMessageRow = Selectable<MailMessagesTable>;
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

/** A backup taken or tried (0016); written once the run is over. */
export interface BackupRunsTable {
  id: Generated<number>;
  started_at: number;
  finished_at: number;
  reason: 'schedule' | 'setup' | 'manual';
  status: 'good' | 'failed';
  file: string | null;
  bytes: number | null;
  sha256: string | null;
  bookings_up_to: number | null;
  bookings: number | null;
  error: string | null;
  /** The copy in the S3-compatible bucket (its URL); null without one. */
  offsite: string | null;
  /** Why the copy to the bucket failed (the backup itself is good). */
  offsite_error: string | null;
}

/** Who did what (0022): one row per change, written in the change's transaction. */
export interface AuditEntriesTable {
  id: Generated<number>;
  business_id: number | null;
  at: number;
  actor_kind: 'office' | 'person' | 'key' | 'client' | 'system';
  actor_id: number | null;
  actor_label: string;
  action: string;
  target_kind: string;
  target_id: number | null;
  /** JSON: {"field": [before, after]}; a secret's or an erased client's field is {"field": null}. */
  changes: string;
  request_id: string | null;
  address: string | null;
}

export type AuditEntryRow = Selectable<AuditEntriesTable>;

/** What a person may do in the back office (issue 23): docs/security.md. */
export type Role = 'owner' | 'front_desk' | 'stylist';

/** A person with an account (0024). Times are milliseconds since the epoch. */
export interface UsersTable {
  id: Generated<number>;
  name: string;
  /** Lower case; one account per address. */
  email: string;
  role: Role;
  /** The staff member a stylist is; null for the others. */
  staff_id: number | null;
  /** `scrypt$N$r$p$salt$hash` (base64url); null until the person chooses a password. */
  password_hash: string | null;
  /** SHA-256 of the one-time invitation or new-password link's secret, until it is used. */
  link_sha256: string | null;
  link_expires_at: number | null;
  /** Set when the owner switches the account off: no sign-in, no session. */
  switched_off_at: number | null;
  created_at: number;
  updated_at: number;
}

export type UserRow = Selectable<UsersTable>;

/** A signed-in browser (0024), found by the SHA-256 of its cookie. */
export interface UserSessionsTable {
  id: Generated<number>;
  user_id: number;
  token_sha256: string;
  created_at: number;
  last_seen_at: number;
  /** The absolute end: a session is never longer than this, however busy. */
  expires_at: number;
  address: string | null;
  user_agent: string | null;
}

export type UserSessionRow = Selectable<UserSessionsTable>;

/** A person's passkey (0025): a WebAuthn credential, its public key, base64url. */
export interface UserPasskeysTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  public_key: string;
  /** The authenticator's signature counter (0 for most passkeys, which do not count). */
  counter: number;
  /** JSON: the transports the browser named (internal, hybrid, usb…). */
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

export type UserPasskeyRow = Selectable<UserPasskeysTable>;
