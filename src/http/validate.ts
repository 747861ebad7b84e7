import { Ajv2020 as Ajv, type ErrorObject, type SchemaObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import defs from '../../schema/defs.json' with { type: 'json' };
import { errors } from './errors.ts';

// Node's loader hands us module.exports, esbuild's CommonJS interop hands us exports.default;
// the plugin function is whichever of the two is callable.
const addFormats = (typeof formats === 'function' ? formats : (formats as { default: unknown }).default) as (
  ajv: Ajv,
) => Ajv;

function makeAjv(coerceTypes: boolean): Ajv {
  // verbose: errors carry their schema, which holds the x-error sentence.
  // validateSchema: false — our schemas are fixed and checked by the tests; validating them against
  // the 2020-12 meta-schema at run time compiled that whole meta-schema at every start.
  const ajv = new Ajv({ allErrors: false, strict: true, useDefaults: true, coerceTypes, verbose: true, validateSchema: false });
  addFormats(ajv);
  // RFC 3339 allows a leap second (23:59:60), which Date.parse cannot place on the time line: such
  // an instant would reach the code as NaN, so it is refused here as the invalid time it is to us.
  const rfc3339 = fullFormats['date-time'] as { validate: (text: string) => boolean };
  ajv.addFormat('date-time', (text: string) => rfc3339.validate(text) && Number.isFinite(Date.parse(text)));
  // Annotation only: the sentence used when a `pattern` or `format` fails.
  ajv.addKeyword({ keyword: 'x-error', schemaType: 'string' });
  ajv.addSchema(defs);
  return ajv;
}

const bodyAjv = makeAjv(false);
const queryAjv = makeAjv(true);

export type Parser<T> = (input: unknown) => T;

/** Compiles `schema` once and returns a function that returns typed input or throws a 400. */
export function bodyParser<T>(schema: SchemaObject): Parser<T> {
  return compile<T>(bodyAjv, schema, 'body');
}

/** Like bodyParser, for query strings: numbers and booleans are coerced from text. */
export function queryParser<T>(schema: SchemaObject): Parser<T> {
  return compile<T>(queryAjv, schema, 'query');
}

/**
 * The validator is generated on first use, not at import: generating all of them up front was
 * the largest part of starting the single executable (and of its memory peak).
 */
function compile<T>(ajv: Ajv, schema: SchemaObject, where: 'body' | 'query'): Parser<T> {
  let compiled: ValidateFunction<T> | undefined;
  return (input) => {
    compiled ??= (typeof schema.$id === 'string' ? ajv.getSchema<T>(schema.$id) : undefined) ?? ajv.compile<T>(schema);
    const validate = compiled;
    // Defaults and coercion write into the input: Koa parses query and body afresh per request.
    const data = input === undefined && where === 'query' ? {} : input;
    if (validate(data)) {
      // Ajv lets Infinity through "integer" and its bounds; "1e400" (query) and 1e400 (JSON) both parse to it.
      const infinite = nonFiniteField(data);
      if (infinite !== undefined) {
        throw errors.validation(`${infinite ? `"${infinite}"` : `The request ${where}`} must be a finite number.`, infinite || undefined);
      }
      return data;
    }
    const error = validate.errors?.[0];
    throw errors.validation(describe(error, schema, where), error ? fieldOf(error) || undefined : undefined);
  };
}

/** The path of the first number that is not finite (`a.b[2]`, "" for the value itself), or undefined. */
function nonFiniteField(value: unknown, path = ''): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nonFiniteField(item, Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** `events[0]`, `client.email`: the failing field as an integrator would write it. */
export function fieldOf(error: ErrorObject): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') segments.push(String(error.params.additionalProperty));
  return segments.reduce((path, s) => (/^\d+$/.test(s) ? `${path}[${s}]` : path ? `${path}.${s}` : s), '');
}

function describe(error: ErrorObject | undefined, schema: SchemaObject, where: 'body' | 'query'): string {
  if (!error) return `The request ${where} is not valid.`;
  const field = fieldOf(error);
  const subject = field ? `"${field}"` : where === 'body' ? 'The request body' : 'The query';
  const p = error.params as Record<string, unknown>;
  const custom = (error.parentSchema as { 'x-error'?: string } | undefined)?.['x-error'];
  switch (error.keyword) {
    case 'required':
      return `${subject} is required.`;
    case 'additionalProperties':
      return `${subject} is not a known field${where === 'query' ? ' in the query' : ''}.`;
    case 'type':
      return field || where === 'query' ? `${subject} must be ${article(String(p.type))}.` : 'The request body must be a JSON object.';
    case 'enum':
      return `${subject} must be one of: ${(p.allowedValues as unknown[]).join(', ')}.`;
    case 'const':
      return `${subject} must be ${JSON.stringify(p.allowedValue)}.`;
    case 'minItems':
      return `${subject} must have at least ${p.limit} item${p.limit === 1 ? '' : 's'}.`;
    case 'maxItems':
      return `${subject} must have at most ${p.limit} items.`;
    case 'uniqueItems':
      return `${subject} must not list the same value twice (items ${p.j} and ${p.i}).`;
    case 'minLength':
      return p.limit === 1 ? `${subject} must not be empty.` : `${subject} must be at least ${p.limit} characters long.`;
    case 'maxLength':
      return `${subject} must be at most ${p.limit} characters long.`;
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum':
      return `${subject} must be ${p.comparison} ${p.limit}.`;
    case 'minProperties':
      return `${subject} must contain at least one of: ${Object.keys(schema.properties ?? {}).join(', ')}.`;
    case 'pattern':
    case 'format':
      return custom ? `${subject} must be ${custom}.` : `${subject} must be a valid ${String(p.format ?? 'value')}.`;
    default:
      return custom ? `${subject} must be ${custom}.` : `${subject} ${error.message ?? 'is not valid'}.`;
  }
}

function article(type: string): string {
  const word = type === 'integer' ? 'whole number' : type;
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}
