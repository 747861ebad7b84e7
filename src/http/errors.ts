import { STATUS_CODES } from 'node:http';

/**
 * The one error type services throw. The error middleware renders it as
 * `{statusCode, error, message, code, requestId, ...extra}`; anything else becomes a logged 500.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
    this.headers = headers;
  }
}

export function errorBody(status: number, code: string, message: string): Record<string, unknown> {
  return { statusCode: status, error: STATUS_CODES[status] ?? 'Error', message, code };
}

/**
 * What a field of a request breaks, as `validation_failed` names it beside the message: `required`,
 * `unknown_field`, `type` (`expected`: integer, string, …), `one_of` (`allowed`), `empty`,
 * `too_short` / `too_long` (characters), `too_small` / `too_large` (`limit`, `comparison`),
 * `too_few` / `too_many` (items), `repeated`, `format` (`format` when it has a name),
 * `control_characters` / `direction_characters` (in a text a person types), `nothing_to_change`,
 * `invalid`. A text of only spaces or invisible characters is `empty` (or `too_short`).
 */
export interface ValidationRule {
  readonly rule: string;
  readonly limit?: number;
  readonly comparison?: string;
  readonly allowed?: readonly unknown[];
  readonly expected?: string;
  readonly format?: string;
}

/** Error factories with stable codes (DESIGN.md, "Errors"). */
export const errors = {
  invalidApiKey: (why?: string) =>
    new AppError(
      401,
      'invalid_api_key',
      why
        ? `${why} Send one key, in the X-API-Key header or as "Authorization: Bearer <key>".`
        : 'Missing or invalid API key. Send it in the X-API-Key header or as "Authorization: Bearer <key>".',
    ),
  apiKeyRevoked: () => new AppError(401, 'api_key_revoked', 'This API key has been revoked.'),
  apiKeyExpired: () => new AppError(401, 'api_key_expired', 'This API key has expired.'),
  invalidAdminToken: (why?: string) =>
    new AppError(
      401,
      'invalid_admin_token',
      `${why ? `${why} ` : 'Missing or invalid admin token. '}Send it as "Authorization: Bearer <token>".`,
    ),
  originNotAllowed: (origin: string | undefined) =>
    new AppError(
      403,
      'origin_not_allowed',
      origin
        ? `Requests from ${origin} are not allowed for this API key.`
        : 'This API key only accepts requests that carry an allowed Origin or Referer.',
    ),
  /** The booking page's endpoints, called from another site. */
  notFirstParty: (origin: string) =>
    new AppError(
      403,
      'origin_not_allowed',
      `These endpoints answer the booking page this server serves, not requests from ${origin}. A website shows the page with the line of embed.js.`,
    ),
  insufficientScope: (scope: string) =>
    new AppError(403, 'insufficient_scope', `This API key lacks the scope "${scope}".`, { requiredScope: scope }),
  notFound: (what = 'Resource') => new AppError(404, 'not_found', `${what} not found.`),
  routeNotFound: (method: string, path: string) => new AppError(404, 'not_found', `There is no endpoint ${method} ${path}.`),
  methodNotAllowed: (allowed: string[]) =>
    new AppError(405, 'method_not_allowed', `Use one of: ${allowed.join(', ')}.`, {}, { Allow: allowed.join(', ') }),
  /** `rule` (with its `limit` or `allowed` values): what the field breaks, for a program or a page to say in its own words. */
  validation: (message: string, field?: string, rule?: ValidationRule) =>
    new AppError(400, 'validation_failed', message, { ...(field === undefined ? {} : { field }), ...rule }),
  invalidJson: () => new AppError(400, 'invalid_json', 'The request body is not valid JSON.'),
  payloadTooLarge: (limit: string) => new AppError(413, 'payload_too_large', `The request body is larger than ${limit}.`),
  unsupportedMediaType: () =>
    new AppError(415, 'unsupported_media_type', 'Send the request body as JSON with "Content-Type: application/json".'),
  webhookLimitReached: (limit: number) =>
    new AppError(
      409,
      'webhook_limit_reached',
      `This API key already has ${limit} active webhooks, the most allowed. Delete one or leave one failed first.`,
    ),
  holdLimitReached: (message: string) => new AppError(409, 'hold_limit_reached', message),
  /** The salon booking a time API keys hold: who holds it and until when, so the desk can ask before booking anyway. */
  slotHeld: (message: string, holds: ReadonlyArray<{ id: number; heldBy: string; keyKind: 'page' | 'key'; heldUntil: string }>) =>
    new AppError(409, 'slot_held', message, { holds }),
  conflict: (code: string, message: string) => new AppError(409, code, message),
  /** Outside the salon's booking rules: `minNoticeMinutes` (too_short_notice) or `horizonDays` (beyond_horizon), for a page to say in its words. */
  outsideBookingWindow: (
    code: 'too_short_notice' | 'beyond_horizon',
    message: string,
    rule: { minNoticeMinutes: number } | { horizonDays: number },
  ) => new AppError(409, code, message, rule),
  /** A booking's state does not allow `action` (confirm, cancel, complete, no-show, reschedule): both named, for a page to say in its words. */
  invalidTransition: (message: string, action: string, bookingStatus: string) =>
    new AppError(409, 'invalid_transition', message, { action, bookingStatus }),
  /** A refund over what is left of its payment: the amounts (minor units of `currency`), for a page to say in its words. */
  refundExceedsPayment: (message: string, amounts: { refundable: number; paid: number; refunded: number; currency: string }) =>
    new AppError(409, 'refund_exceeds_payment', message, amounts),
  /** What a link named is over for good (a manage link after the visit). */
  gone: (code: string, message: string) => new AppError(410, code, message),
  /** A time that is not free: `reason` (past, not_bookable, unavailable) and, for unavailable, each staff member's (src/slots/slot-refusal.ts). */
  slotUnavailable: (message: string, reason: string, refusals: ReadonlyArray<object> = []) =>
    new AppError(409, 'slot_unavailable', message, { reason, refusals }),
  storageFull: () =>
    new AppError(
      503,
      'storage_full',
      'The disk is full, so nothing can be saved right now. Reading still works.',
      {},
      {
        'Retry-After': '60',
      },
    ),
  storageReadOnly: () =>
    new AppError(
      503,
      'storage_read_only',
      'The database cannot be written right now (its disk or file is read-only), so nothing can be saved. Reading still works.',
      {},
      { 'Retry-After': '60' },
    ),
  storageBusy: () => new AppError(503, 'storage_busy', 'The database is busy. Try again in a moment.', {}, { 'Retry-After': '1' }),
  storageUnavailable: () =>
    new AppError(
      503,
      'storage_unavailable',
      'The database cannot be reached right now, so nothing was done. Try again in a moment.',
      {},
      { 'Retry-After': '2' },
    ),
  httpsRequired: (target: string | undefined) =>
    new AppError(
      400,
      'https_required',
      target ? `This server speaks HTTPS: send the request to ${target}.` : 'This server speaks HTTPS: send the request over https://.',
    ),
  internal: () => new AppError(500, 'internal_error', 'Something went wrong on our side. The request id identifies it.'),
} as const;
