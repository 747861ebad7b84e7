import type { SchemaObject } from 'ajv';
import defs from '../../schema/defs.json' with { type: 'json' };
import responses from '../../schema/responses.json' with { type: 'json' };
import type { Answer, Operation } from '../http/operations.ts';
import { SCOPES } from '../keys/scopes.ts';
import { VERSION } from '../version.ts';
import { EVENT_SCHEMAS } from '../webhooks/event-schemas.ts';
import { EVENTS, EVENT_NAMES } from '../webhooks/events.ts';

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
  for (const [, name] of op.path.matchAll(/:(\w+)/g)) {
    params.push({ name, in: 'path', required: true, schema: op.params[name!].schema });
  }
  const query = op.query?.schema as { properties?: Record<string, object>; required?: string[] } | undefined;
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
  const errorStatuses = (op.errors ?? []).map((e: number | Answer) => (typeof e === 'number' ? e : e.status));
  if (op.query || op.body) errorStatuses.push(400);
  const statuses = op.public ? [] : [...new Set([...errorStatuses, 401, 403, 429])].sort();
  const success = op.success;
  return {
    summary: op.summary,
    description: [op.description, op.scope && `Scope: \`${op.scope}\`.`].filter(Boolean).join('\n\n') || undefined,
    tags: [op.tag ?? op.path.split('/')[1]],
    security: op.public ? [] : undefined,
    parameters: parameters(op),
    requestBody: op.body
      ? { required: !op.bodyOptional, content: { 'application/json': { schema: localise(op.body.schema) } } }
      : undefined,
    responses: {
      [success.status]: {
        description: success.description ?? success.schema ?? 'No content',
        headers: op.public ? undefined : rateLimitHeaders(),
        content: success.schema
          ? { 'application/json': { schema: { $ref: `#/components/schemas/${success.schema}` } } }
          : op.public
            ? { 'application/json': { schema: { type: 'object' } } }
            : undefined,
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
export function openApiDocument(prefix: string, operations: readonly Operation[]): object {
  if (cached) return cached;
  const paths: Record<string, Record<string, object>> = {};
  for (const op of operations) {
    const path = `${prefix}${op.path.replace(/:(\w+)/g, '{$1}')}`;
    paths[path] ??= {};
    paths[path][op.method.toLowerCase()] = operation(op);
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
