import type { SchemaObject } from 'ajv';
import defs from '../../schema/defs.json' with { type: 'json' };
import responses from '../../schema/responses.json' with { type: 'json' };
import bookingCancel from '../../schema/booking-cancel.json' with { type: 'json' };
import bookingCreate from '../../schema/booking-create.json' with { type: 'json' };
import bookingsQuery from '../../schema/bookings-query.json' with { type: 'json' };
import deliveriesQuery from '../../schema/deliveries-query.json' with { type: 'json' };
import reviewsQuery from '../../schema/reviews-query.json' with { type: 'json' };
import servicesQuery from '../../schema/services-query.json' with { type: 'json' };
import slotsQuery from '../../schema/slots-query.json' with { type: 'json' };
import webhookCreate from '../../schema/webhook-create.json' with { type: 'json' };
import webhookUpdate from '../../schema/webhook-update.json' with { type: 'json' };
import { SCOPES, type Scope } from '../keys/scopes.ts';
import { VERSION } from '../version.ts';
import { EVENT_SCHEMAS } from '../webhooks/event-schemas.ts';
import { EVENTS, EVENT_NAMES } from '../webhooks/events.ts';

/** One documented operation of the integration API. Paths use OpenAPI's {id}; the prefix is added. */
export interface Operation {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  scope: Scope;
  summary: string;
  description?: string;
  query?: SchemaObject;
  body?: SchemaObject;
  bodyOptional?: boolean;
  status: number;
  /** A component of schema/responses.json; absent for an empty answer. */
  response?: string;
  /** Error statuses besides 401, 403 and 429, which every operation has. */
  errors?: number[];
  idempotent?: boolean;
}

export const OPERATIONS: readonly Operation[] = [
  { method: 'get', path: '/business', scope: 'business:read', summary: 'The business: name, address, time zone, working hours', status: 200, response: 'Business' },
  { method: 'get', path: '/services', scope: 'services:read', summary: 'The service catalog', query: servicesQuery, status: 200, response: 'ServiceList', errors: [400] },
  { method: 'get', path: '/services/{id}', scope: 'services:read', summary: 'One service', status: 200, response: 'Service', errors: [404] },
  { method: 'get', path: '/staff', scope: 'staff:read', summary: 'Staff with the services each performs', status: 200, response: 'StaffList' },
  { method: 'get', path: '/staff/{id}', scope: 'staff:read', summary: 'One staff member', status: 200, response: 'Staff', errors: [404] },
  {
    method: 'get',
    path: '/slots',
    scope: 'slots:read',
    summary: 'Free start times for a service on a date',
    description:
      "Computed from staff working hours and breaks within opening hours, the service duration and existing bookings, in the business's time zone (DST days included), within the salon's booking rules (minimum notice, horizon: dates beyond it have no slots). Book one with POST /bookings.",
    query: slotsQuery,
    status: 200,
    response: 'Slots',
    errors: [400, 404],
  },
  { method: 'get', path: '/bookings', scope: 'bookings:read', summary: 'Bookings by start time', query: bookingsQuery, status: 200, response: 'BookingList', errors: [400] },
  { method: 'get', path: '/bookings/{id}', scope: 'bookings:read', summary: 'One booking', status: 200, response: 'Booking', errors: [404] },
  {
    method: 'post',
    path: '/bookings',
    scope: 'bookings:write',
    summary: 'Book a free slot',
    description:
      'The booking starts `pending`; the salon confirms it. 409 `slot_unavailable` when the time is not a free slot (taken, outside hours, in the past, too long); `too_short_notice` or `beyond_horizon` when it breaks the salon\'s booking rules (`minNoticeMinutes`, `horizonDays` in GET /business). Concurrent requests for one slot: exactly one wins. A key without bookings:read sees and cancels only the bookings it made.',
    body: bookingCreate,
    status: 201,
    response: 'Booking',
    errors: [400, 404, 409, 422],
    idempotent: true,
  },
  {
    method: 'post',
    path: '/bookings/{id}/cancel',
    scope: 'bookings:write',
    summary: 'Cancel a booking',
    body: bookingCancel,
    bodyOptional: true,
    status: 200,
    response: 'Booking',
    errors: [400, 404, 409, 422],
    idempotent: true,
  },
  { method: 'get', path: '/reviews', scope: 'reviews:read', summary: 'Client reviews, newest first, with the average rating', query: reviewsQuery, status: 200, response: 'ReviewList', errors: [400] },
  { method: 'get', path: '/webhooks/events', scope: 'webhooks:manage', summary: 'Events a webhook can subscribe to, with the schema of their data', status: 200, response: 'EventCatalog' },
  {
    method: 'post',
    path: '/webhooks',
    scope: 'webhooks:manage',
    summary: 'Register a webhook',
    description: 'The answer holds `secret`, shown here and by rotate-secret only. At most 10 active webhooks per key (409 `webhook_limit_reached`).',
    body: webhookCreate,
    status: 201,
    response: 'WebhookWithSecret',
    errors: [400, 409],
  },
  { method: 'get', path: '/webhooks', scope: 'webhooks:manage', summary: "This key's webhooks", status: 200, response: 'WebhookList' },
  { method: 'get', path: '/webhooks/{id}', scope: 'webhooks:manage', summary: 'One webhook', status: 200, response: 'Webhook', errors: [404] },
  {
    method: 'patch',
    path: '/webhooks/{id}',
    scope: 'webhooks:manage',
    summary: 'Change a webhook, or switch a failed one back on',
    body: webhookUpdate,
    status: 200,
    response: 'Webhook',
    errors: [400, 404, 409],
  },
  { method: 'delete', path: '/webhooks/{id}', scope: 'webhooks:manage', summary: 'Delete a webhook', status: 204, errors: [404] },
  { method: 'post', path: '/webhooks/{id}/rotate-secret', scope: 'webhooks:manage', summary: 'New secret; the old one is invalid at once', status: 200, response: 'WebhookWithSecret', errors: [404] },
  { method: 'post', path: '/webhooks/{id}/ping', scope: 'webhooks:manage', summary: 'Send one webhook.ping now and report the outcome', status: 200, response: 'PingResult', errors: [404] },
  {
    method: 'get',
    path: '/webhooks/{id}/deliveries',
    scope: 'webhooks:manage',
    summary: 'Delivery attempts, newest first',
    query: deliveriesQuery,
    status: 200,
    response: 'DeliveryPage',
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/webhooks/{id}/deliveries/{deliveryId}/retry',
    scope: 'webhooks:manage',
    summary: 'Send a finished delivery once more',
    status: 202,
    response: 'DeliveryRecord',
    errors: [404, 409],
  },
];

const REASONS: Record<number, string> = {
  400: 'The body or query is not valid (`validation_failed`, with `field`), or not JSON (`invalid_json`).',
  401: 'Missing, unknown (`invalid_api_key`), revoked (`api_key_revoked`) or expired (`api_key_expired`) API key.',
  403: 'The key lacks the scope (`insufficient_scope`) or the Origin is not allowed (`origin_not_allowed`).',
  404: 'No such thing, or it belongs to another key or business (`not_found`).',
  409: 'Conflicts with the current state; `code` says which.',
  422: 'The Idempotency-Key was used for another request (`idempotency_key_reused`).',
  429: 'The per-key rate limit is exceeded (`rate_limited`).',
};

/** Our schema files refer to each other by $id; in the document everything lives under components. */
function localise<T>(schema: T): T {
  return JSON.parse(
    JSON.stringify(schema).replace(/"(?:defs|responses)#\/\$defs\/([A-Za-z]+)"/g, '"#/components/schemas/$1"'),
    (key, value) => (key === '$id' || key === 'x-error' ? undefined : value),
  ) as T;
}

function parameters(op: Operation) {
  const params: object[] = [];
  for (const name of op.path.match(/\{(\w+)\}/g) ?? []) {
    const id = name.slice(1, -1);
    params.push({ name: id, in: 'path', required: true, schema: id === 'deliveryId' ? { type: 'string', pattern: '^whdel_' } : { type: 'integer', minimum: 1 } });
  }
  const query = op.query as { properties?: Record<string, object>; required?: string[] } | undefined;
  for (const [name, schema] of Object.entries(query?.properties ?? {})) {
    params.push({ name, in: 'query', required: query?.required?.includes(name) ?? false, schema: localise(schema) });
  }
  if (op.idempotent) {
    params.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'Same key and same body within 24 hours: the first answer again (with `Idempotent-Replayed: true`). Same key, other body: 422.',
      schema: { type: 'string', maxLength: 255 },
    });
  }
  return params;
}

function operation(op: Operation) {
  const error = (status: number) => ({
    description: REASONS[status],
    headers: status === 429 ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : undefined,
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${status === 429 ? 'RateLimited' : 'Error'}` } } },
  });
  const statuses = [...new Set([...(op.errors ?? []), 401, 403, 429])].sort();
  return {
    summary: op.summary,
    description: [op.description, `Scope: \`${op.scope}\`.`].filter(Boolean).join('\n\n'),
    tags: [op.path.split('/')[1]],
    parameters: parameters(op),
    requestBody: op.body
      ? { required: !op.bodyOptional, content: { 'application/json': { schema: localise(op.body) } } }
      : undefined,
    responses: {
      [op.status]: {
        description: op.response ?? 'No content',
        headers: rateLimitHeaders(),
        content: op.response ? { 'application/json': { schema: { $ref: `#/components/schemas/${op.response}` } } } : undefined,
      },
      ...Object.fromEntries(statuses.map((s) => [s, error(s)])),
    },
  };
}

function rateLimitHeaders() {
  return Object.fromEntries(
    ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Policy', 'RateLimit', 'X-Request-Id'].map((h) => [
      h,
      { $ref: `#/components/headers/${h}` },
    ]),
  );
}

const HEADERS = {
  'X-RateLimit-Limit': { description: 'Requests allowed per minute for this key.', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current minute.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Unix time (seconds) when the minute window starts over.', schema: { type: 'integer' } },
  'RateLimit-Policy': { description: 'IETF draft: `"minute";q=60;w=60, "day";q=10000;w=86400`.', schema: { type: 'string' } },
  RateLimit: { description: 'IETF draft: remaining quota and seconds to reset of both windows.', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before the next request.', schema: { type: 'integer' } },
  'X-Request-Id': { description: 'Identifies the request in the logs; quote it when reporting a problem.', schema: { type: 'string' } },
};

/** Outbound webhooks (OpenAPI 3.1 `webhooks`): the envelope of spec 2.4 around each event's data. */
function webhooks() {
  return Object.fromEntries(
    EVENT_NAMES.map((name) => [
      name,
      {
        post: {
          summary: EVENTS[name],
          description: 'Signed with `X-Webhook-Signature` and the Standard Webhooks headers; see docs/webhooks.md. Answer 2xx within 10 s.',
          parameters: ['X-Webhook-Event', 'X-Webhook-Delivery', 'X-Webhook-Signature', 'X-Webhook-Timestamp', 'webhook-id', 'webhook-timestamp', 'webhook-signature'].map(
            (h) => ({ name: h, in: 'header', required: true, schema: { type: 'string' } }),
          ),
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'event', 'timestamp', 'apiVersion', 'data'],
                  properties: {
                    id: { type: 'string', pattern: '^whdel_' },
                    event: { const: name },
                    timestamp: { type: 'string', format: 'date-time' },
                    apiVersion: { const: '1.0' },
                    data: { $ref: `#/components/schemas/event.${name}` },
                  },
                },
              },
            },
          },
          responses: { '2XX': { description: 'Acknowledged. Anything else is retried on the schedule.' } },
        },
      },
    ]),
  );
}

let cached: object | undefined;

/** The OpenAPI 3.1 document of the integration API, built from the same schemas the server validates with. */
export function openApiDocument(prefix: string): object {
  if (cached) return cached;
  const paths: Record<string, Record<string, object>> = {};
  for (const op of OPERATIONS) {
    const path = `${prefix}${op.path}`;
    paths[path] ??= {};
    paths[path][op.method] = operation(op);
  }
  cached = JSON.parse(
    JSON.stringify({
      openapi: '3.1.0',
      jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
      info: {
        title: 'booking-api integration API',
        version: VERSION,
        description:
          'Business data, slots and bookings for website widgets and CRMs, and webhooks for every business event. ' +
          'Every request carries an API key (`X-API-Key`, or `Authorization: Bearer`). Errors are `{statusCode, error, message, code, requestId}`.',
      },
      servers: [{ url: '/' }],
      security: [{ apiKey: [] }, { bearer: [] }],
      paths,
      webhooks: webhooks(),
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: `Scopes: ${SCOPES.join(', ')}.` },
          bearer: { type: 'http', scheme: 'bearer', description: 'The same API key as a Bearer token.' },
        },
        headers: HEADERS,
        schemas: {
          ...localise(defs.$defs),
          ...localise(responses.$defs),
          ...Object.fromEntries(EVENT_NAMES.map((name) => [`event.${name}`, localise(EVENT_SCHEMAS[name])])),
        },
      },
    }),
  );
  return cached!;
}
