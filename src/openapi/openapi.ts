import defs from '../../schema/defs.ts';
import responses from '../../schema/responses.json' with { type: 'json' };
import type { Answer, Operation } from '../http/operations.ts';
import { ROLE_NAMES, rolesOf } from '../auth/roles.ts';
import { SCOPES } from '../auth/scopes.ts';
import { VERSION } from '../version.ts';
import { EVENT_SCHEMAS } from '../delivery/event-schemas.ts';
import { EVENTS, EVENT_NAMES, PING_EVENT } from '../delivery/events.ts';
import { withEnumTypes } from './schema-tools.ts';

/**
 * The OpenAPI 3.1 document of an API, generated from its table of operations: paths, parameters,
 * bodies and every answer the mount and the handlers can give, with their headers.
 */

/** Why each error status is answered; `code` is the stable field clients switch on. */
const REASONS: Record<number, string> = {
  400: 'The body, query or a header is not valid (`validation_failed`, with `field`), or the body is not JSON (`invalid_json`).',
  401: 'Missing, unknown (`invalid_api_key`), revoked (`api_key_revoked`) or expired (`api_key_expired`) API key.',
  403: 'The key lacks the scope (`insufficient_scope`, with `requiredScope`) or the Origin is not allowed (`origin_not_allowed`).',
  404: 'No such thing, or it belongs to another key or business (`not_found`).',
  409: 'Conflicts with the current state; `code` says which.',
  413: 'The body is larger than 1 MiB (`payload_too_large`).',
  415: 'The body is not sent as `Content-Type: application/json` (`unsupported_media_type`).',
  422: 'The Idempotency-Key was used for another request (`idempotency_key_reused`).',
  429: 'The per-key rate limit is exceeded (`rate_limited`); `retryAfter` and `Retry-After` say when to try again.',
  500: 'A fault on our side (`internal_error`); the request id identifies it in the logs.',
  503: 'Storage cannot take the request now: the disk is full (`storage_full`), the database is read-only (`storage_read_only`), busy (`storage_busy`) or cannot be reached (`storage_unavailable`, PostgreSQL). Reading still works; `Retry-After` says when to try again.',
};

/** Headers on answers that passed the rate limiter: every answer but 401 (and a 5xx before it). */
const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Policy', 'RateLimit'];

const HEADERS = {
  'X-RateLimit-Limit': { description: 'Requests allowed per minute for this key.', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current minute.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Unix time (seconds) when the minute window starts over.', schema: { type: 'integer' } },
  'RateLimit-Policy': { description: 'IETF draft: `"minute";q=60;w=60, "day";q=10000;w=86400`.', schema: { type: 'string' } },
  RateLimit: { description: 'IETF draft: remaining quota and seconds to reset of both windows.', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before the next request.', schema: { type: 'integer' } },
  'X-Request-Id': { description: 'Identifies the request in the logs; quote it when reporting a problem.', schema: { type: 'string' } },
  Location: { description: 'Where to go instead.', schema: { type: 'string' } },
  'Idempotent-Replayed': {
    description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
};

/** Our schema files refer to each other by $id; in the document everything lives under components. */
function localise<T>(schema: T): T {
  return withEnumTypes(
    JSON.parse(JSON.stringify(schema).replace(/"(?:defs|responses)#\/\$defs\/([A-Za-z]+)"/g, '"#/components/schemas/$1"'), (key, value) =>
      key === '$id' || key === 'x-error' ? undefined : value,
    ),
  ) as T;
}

const headerRefs = (names: readonly string[]) => Object.fromEntries(names.map((h) => [h, { $ref: `#/components/headers/${h}` }]));
const json = (ref: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } });

function parameters(op: Operation) {
  const params: object[] = [];
  for (const [, name] of op.path.matchAll(/:(\w+)/g)) {
    params.push({ name, in: 'path', required: true, schema: op.params[name!].schema });
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
      description:
        'Same key and same body within 24 hours: the first answer again (with `Idempotent-Replayed: true`). Same key, other body: 422.',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
    });
  }
  return params;
}

/** The statuses an operation answers besides its success, from what the mount and the API do. */
function errorStatuses(op: Operation, info: DocumentInfo): number[] {
  const statuses = new Set((op.errors ?? []).map((e: number | Answer) => (typeof e === 'number' ? e : e.status)));
  if (!op.public) for (const s of info.guardStatuses) statuses.add(s);
  if (op.query || op.body || op.idempotent) statuses.add(400);
  if (op.body) for (const s of [400, 413, 415]) statuses.add(s);
  if (op.path.includes(':')) statuses.add(404);
  // Any request may meet a database that is busy; writes also a full or read-only one.
  statuses.add(503);
  statuses.add(500);
  return [...statuses].sort();
}

function errorAnswer(op: Operation, status: number, info: DocumentInfo) {
  const declared = (op.errors ?? []).find((e: number | Answer): e is Answer => typeof e !== 'number' && e.status === status);
  const headers = ['X-Request-Id'];
  if (info.rateLimited && !op.public && status !== 401 && status < 500) headers.push(...RATE_LIMIT_HEADERS);
  if (status === 429 || status === 503) headers.push('Retry-After');
  return {
    description: declared?.description ?? info.reasons?.[status] ?? REASONS[status]!,
    headers: headerRefs([...headers, ...(declared?.headers ?? [])]),
    content: json(status === 429 ? 'RateLimited' : 'Error'),
  };
}

/** "Roles: owner, front desk, stylist (their own only)." */
function rolesLine(op: Operation): string {
  const names = rolesOf(op.access).map((role) =>
    role === 'stylist' && typeof op.access === 'object' ? `${ROLE_NAMES[role]} (their own only)` : ROLE_NAMES[role],
  );
  return `Roles: ${names.join(', ')}.`;
}

function operation(op: Operation, info: DocumentInfo) {
  const success = op.success;
  const successHeaders = [
    'X-Request-Id',
    ...(op.public || !info.rateLimited ? [] : RATE_LIMIT_HEADERS),
    ...(op.idempotent ? ['Idempotent-Replayed'] : []),
    ...(success.headers ?? []),
  ];
  return {
    operationId: op.operationId,
    summary: op.summary,
    description:
      [op.description, op.scope && `Scope: \`${op.scope}\`.`, info.roles && !op.public && rolesLine(op)].filter(Boolean).join('\n\n') ||
      undefined,
    'x-roles': info.roles && !op.public ? rolesOf(op.access) : undefined,
    tags: [op.tag ?? op.path.split('/')[1]],
    security: op.public || Object.keys(info.securitySchemes).length === 0 ? [] : undefined,
    parameters: parameters(op),
    requestBody: op.body ? { required: !op.bodyOptional, content: { 'application/json': { schema: localise(op.body) } } } : undefined,
    responses: {
      [success.status]: {
        description: success.description ?? success.schema ?? 'No content',
        headers: headerRefs(successHeaders),
        content: success.schema
          ? json(success.schema)
          : success.mediaType
            ? { [success.mediaType]: { schema: { type: 'string' } } }
            : undefined,
      },
      ...Object.fromEntries(errorStatuses(op, info).map((s) => [s, errorAnswer(op, s, info)])),
    },
  };
}

/** Outbound webhooks (OpenAPI 3.1 `webhooks`): the envelope of spec 2.4 around each event's data. */
function webhooks() {
  const described: Record<string, string> = {
    ...EVENTS,
    [PING_EVENT]: 'Sent only by POST /webhooks/{id}/ping, to check a receiver; never retried.',
  };
  return Object.fromEntries(
    [...EVENT_NAMES, PING_EVENT].map((name) => [
      name,
      {
        post: {
          operationId: `${name.replace(/[._](\w)/g, (_, c: string) => c.toUpperCase())}Webhook`,
          summary: described[name],
          description: 'Signed with `X-Webhook-Signature` and the Standard Webhooks headers; see docs/webhooks.md. Answer 2xx within 10 s.',
          tags: ['webhook deliveries'],
          security: [],
          parameters: [
            'X-Webhook-Event',
            'X-Webhook-Delivery',
            'X-Webhook-Signature',
            'X-Webhook-Timestamp',
            'webhook-id',
            'webhook-timestamp',
            'webhook-signature',
          ].map((h) => ({ name: h, in: 'header', required: true, schema: { type: 'string' } })),
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'event', 'timestamp', 'apiVersion', 'data'],
                  properties: {
                    id: { type: 'string', pattern: '^whdel_' },
                    event: { type: 'string', const: name },
                    timestamp: { type: 'string', format: 'date-time' },
                    apiVersion: { type: 'string', const: '1.0' },
                    data: { $ref: `#/components/schemas/event.${name}` },
                  },
                },
              },
            },
          },
          responses: {
            '2XX': { description: 'Acknowledged.' },
            default: { description: 'Anything else (or no answer within 10 s) is retried on the schedule; ping is not retried.' },
          },
        },
      },
    ]),
  );
}

/** Only the components something in the document refers to (a schema file may hold more). */
function referenced(document: { components: { schemas: Record<string, unknown> } }): void {
  const all = document.components.schemas;
  const { components: _, ...rest } = document;
  const used = new Set<string>();
  const pending = [JSON.stringify(rest)];
  while (pending.length > 0) {
    for (const [, name] of pending.pop()!.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (used.has(name!) || !(name! in all)) continue;
      used.add(name!);
      pending.push(JSON.stringify(all[name!]));
    }
  }
  document.components.schemas = Object.fromEntries(Object.entries(all).filter(([name]) => used.has(name)));
}

export interface DocumentInfo {
  readonly title: string;
  readonly description: string;
  /** Security schemes of the API; the document requires one of them on every non-public operation. */
  readonly securitySchemes: Record<string, object>;
  /** Operations say which of the back office's roles may call them (`access`, src/auth/roles.ts). */
  readonly roles?: boolean;
  /** Include the outbound webhooks (the integration API). */
  readonly webhooks?: boolean;
  /** What the guard in front of every non-public operation can answer. */
  readonly guardStatuses: readonly number[];
  /** Answers past the guard carry the rate-limit headers. */
  readonly rateLimited: boolean;
  /** Reasons that differ from the integration API's. */
  readonly reasons?: Readonly<Record<number, string>>;
}

export const INTEGRATION_INFO: DocumentInfo = {
  title: 'booking-api integration API',
  description:
    'Business data, slots and bookings for website widgets and CRMs, and webhooks for every business event. ' +
    'Every request carries an API key (`X-API-Key`, or `Authorization: Bearer`). Errors are `{statusCode, error, message, code, requestId}`. ' +
    'This document is served at GET /v1/integration/openapi.json, without a key.',
  securitySchemes: {
    apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: `Scopes: ${SCOPES.join(', ')}.` },
    bearer: { type: 'http', scheme: 'bearer', description: 'The same API key as a Bearer token.' },
  },
  webhooks: true,
  guardStatuses: [401, 403, 429],
  rateLimited: true,
};

export const ADMIN_INFO: DocumentInfo = {
  title: 'booking-api admin API',
  description:
    "The salon's back office, used by its page: businesses, services, staff, clients, bookings, reviews, payments, API keys, " +
    "every webhook, and the delivery status. Every request carries a person's session cookie (POST /admin/api/session signs in) or the admin token " +
    '(`Authorization: Bearer`), which may do everything; each operation names the roles it admits (`x-roles`). See docs/admin-api.md and docs/security.md. ' +
    'This document is served at GET /admin/api/openapi.json.',
  securitySchemes: {
    adminToken: {
      type: 'http',
      scheme: 'bearer',
      description: 'The admin token (`booking-api admin-token`): the owner, for scripts and recovery.',
    },
    session: {
      type: 'apiKey',
      in: 'cookie',
      name: 'booking_session',
      description:
        "A person signed in (POST /admin/api/session); `__Host-booking_session` over HTTPS. Changes must come from the server's own origin.",
    },
  },
  roles: true,
  guardStatuses: [401, 403, 429],
  rateLimited: false,
  reasons: {
    401: 'Not signed in, or a wrong admin token (`invalid_admin_token`); a session that has ended (`session_ended`).',
    403: "The person's role may not do this (`not_allowed_for_role`), it is not a stylist's own (`not_your_own`), or a change signed in with a session came from another origin (`cross_origin_refused`).",
    404: 'No such business, or no such thing in it (`not_found`).',
    429: 'More than 10 wrong admin tokens from this address in a minute (`too_many_attempts`); the right token is still admitted.',
  },
};

export const BOOKING_PAGE_INFO: DocumentInfo = {
  title: "booking-api: the booking page's endpoints",
  description:
    "What the salon's booking page (/book/{page}, and embed.js on the salon's website) calls: the salon, free times, holds and bookings. " +
    'No key: the page is served by this server and calls only its own origin; a request from another site (its Origin) is refused, and no answer carries CORS headers. ' +
    'Limits are per client address (docs/decisions.md). This document is served at GET /v1/booking-page/openapi.json.',
  securitySchemes: {},
  guardStatuses: [403, 429],
  rateLimited: false,
  reasons: {
    403: 'Sent from another site than this server (`origin_not_allowed`): these endpoints answer the booking page only.',
    404: 'No booking page of that short name, or no such hold (`not_found`).',
    429: 'Too many requests from this client address in a minute (`rate_limited`); `retryAfter` and `Retry-After` say when to try again.',
  },
};

const cache = new WeakMap<readonly Operation[], object>();

/** The OpenAPI 3.1 document of the operations under `prefix`, built from the same schemas the server validates with. */
export function openApiDocument(prefix: string, operations: readonly Operation[], info: DocumentInfo = INTEGRATION_INFO): object {
  const cached = cache.get(operations);
  if (cached) return cached;
  const paths: Record<string, Record<string, object>> = {};
  for (const op of operations) {
    // The document does not list the operation that serves it, nor a public one of another document
    // (the manage link's, the calendar feed's, the installation's identity); it does list signing in.
    if (op.public && op.tag !== 'session') continue;
    const path = `${prefix}${op.path.replace(/:(\w+)/g, '{$1}')}`;
    paths[path] ??= {};
    paths[path][op.method.toLowerCase()] = operation(op, info);
  }
  const document = JSON.parse(
    JSON.stringify({
      openapi: '3.1.0',
      jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
      info: {
        title: info.title,
        version: VERSION,
        description: info.description,
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/' }],
      security: Object.keys(info.securitySchemes).map((name) => ({ [name]: [] })),
      paths,
      webhooks: info.webhooks ? webhooks() : undefined,
      components: {
        securitySchemes: info.securitySchemes,
        headers: HEADERS,
        schemas: {
          ...localise(defs.$defs),
          ...localise(responses.$defs),
          ...(info.webhooks
            ? Object.fromEntries([...EVENT_NAMES, PING_EVENT].map((name) => [`event.${name}`, localise(EVENT_SCHEMAS[name])]))
            : {}),
        },
      },
    }),
  );
  referenced(document);
  const usedHeaders = new Set([...JSON.stringify(document).matchAll(/"#\/components\/headers\/([^"]+)"/g)].map((m) => m[1]!));
  document.components.headers = Object.fromEntries(Object.entries(HEADERS).filter(([name]) => usedHeaders.has(name)));
  cache.set(operations, document);
  return document;
}
