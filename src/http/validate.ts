import {
  Ajv2020 as Ajv,
  type AnySchemaObject,
  type ErrorObject,
  type KeywordDefinition,
  type SchemaObject,
  type ValidateFunction,
} from 'ajv/dist/2020.js';
import type { DataValidateFunction, DataValidationCxt } from 'ajv/dist/types/index.js';
import formats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import defs from '../../schema/defs.ts';
import { errors, type ValidationRule } from './errors.ts';

/**
 * What a value valid against the schema `S` is, as the compiler reads it from the schema itself
 * (json-schema-to-ts), its `$ref`s into schema/defs.ts followed. A field with a `default` is
 * present: Ajv fills it in (useDefaults). The schemas are TypeScript modules exported `as const`
 * for this (a JSON import's type forgets the literal values); the text is the JSON it always was.
 */
export type Valid<S extends JSONSchema> = ReadOnly<FromSchema<S, { references: [typeof defs] }>>;

/** Input is read, never changed: its arrays and objects are read-only all the way down. */
type ReadOnly<T> = T extends readonly (infer I)[]
  ? readonly ReadOnly<I>[]
  : T extends object
    ? { readonly [K in keyof T]: ReadOnly<T[K]> }
    : T;

/**
 * One type for input valid against either of two schemas (a booking from an API key or from the
 * salon): a field only one of them has is optional, and absent, in the other.
 */
export type Either<A, B> = (A & Absent<Exclude<keyof B, keyof A>>) | (B & Absent<Exclude<keyof A, keyof B>>);
type Absent<K extends PropertyKey> = { [P in K]?: undefined };

// Node's loader hands us module.exports, esbuild's CommonJS interop hands us exports.default;
// the plugin function is whichever of the two is callable.
const addFormats = (typeof formats === 'function' ? formats : (formats as { default: unknown }).default) as (ajv: Ajv) => Ajv;

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
  ajv.addKeyword(TEXT_KEYWORD);
  ajv.addSchema(defs);
  return ajv;
}

/** Control characters (Unicode Cc) and the Unicode line/paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the rule exists to find control characters
const NOT_IN_A_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** The same, except tab, line feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the rule exists to find control characters
const NOT_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): each opens a
 * stretch of text laid out in a direction of its own, so "\u202eEvil" reads "livE" and turns the
 * text after it around too. The marks (U+200E, U+200F, U+061C) stay allowed: they open nothing and
 * are typed in right-to-left text; the page isolates names anyway (docs/decisions.md).
 */
const REORDERS = /[\u202a-\u202e\u2066-\u2069]/;
/** What shows nothing: white space, the default-ignorable characters (U+200B, U+2060, U+3164, …) and the blank braille pattern. */
const INVISIBLE = /[\s\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** "U+202E" for the character at the start of `found`. */
const codeOf = (found: string) => `U+${found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

export type TextKind = 'line' | 'multiline';

/**
 * What is wrong with `data` as text a person types (see TEXT_KEYWORD), as the end of a sentence
 * about the field ("must be one line …"), or undefined when it passes. Also for text that reaches
 * the server another way than as a request's field, such as a row of an imported file.
 */
export function textProblem(kind: TextKind, data: string, minLength = 0): string | undefined {
  const bad = (kind === 'line' ? NOT_IN_A_LINE : NOT_IN_TEXT).exec(data);
  if (bad) {
    return kind === 'line'
      ? `must be one line without control characters (found ${codeOf(bad[0])} at position ${bad.index + 1})`
      : `must not contain control characters other than tab and line breaks (found ${codeOf(bad[0])} at position ${bad.index + 1})`;
  }
  const reorder = kind === 'line' ? REORDERS.exec(data) : null;
  if (reorder) {
    return `must not contain invisible characters that change the reading direction (found ${codeOf(reorder[0])} at position ${reorder.index + 1})`;
  }
  if (data.trim().replace(INVISIBLE, '').length < minLength) {
    return minLength === 1
      ? 'must not be empty or only spaces or invisible characters'
      : `must be at least ${minLength} visible characters long`;
  }
  return undefined;
}

/**
 * The one rule for text a person types (names, notes, descriptions, reasons, comments), marked
 * in the schemas with `"x-text": "line"` or `"x-text": "multiline"` (or `"row"`, see below): the value is trimmed
 * (String.prototype.trim, which also removes a byte-order mark) and stored trimmed; after
 * trimming it must still have as many visible characters as the field's minLength (so "   " and
 * "\u200b" are not names); a line holds no control characters at all and no bidirectional
 * controls, multi-line text keeps tab and line breaks only.
 */
const TEXT_KEYWORD: KeywordDefinition = {
  keyword: 'x-text',
  type: 'string',
  schemaType: 'string',
  modifying: true,
  errors: true,
  validate: function text(kind: string, data: string, parentSchema?: AnySchemaObject, where?: DataValidationCxt) {
    // A row of an imported file: the service applies the same rule row by row and refuses that
    // row in its answer, so one bad line does not refuse the whole file (src/clients/client-import.ts).
    if (kind === 'row') return true;
    const problem = textProblem(kind as TextKind, data, (parentSchema?.minLength as number | undefined) ?? 0);
    if (problem) {
      (text as unknown as DataValidateFunction).errors = [{ keyword: 'x-text', message: problem, params: {} } as ErrorObject];
      return false;
    }
    const trimmed = data.trim();
    if (trimmed !== data && where) (where.parentData as Record<string | number, unknown>)[where.parentDataProperty] = trimmed;
    return true;
  },
};

const bodyAjv = makeAjv(false);
const queryAjv = makeAjv(true);

export type Parser<T> = (input: unknown) => T;

/** Compiles `schema` once and returns a function that returns the input, valid and typed by the schema, or throws a 400. */
export function bodyParser<const S extends JSONSchema & object>(schema: S): Parser<Valid<S>> {
  return compile<Valid<S>>(bodyAjv, schema, 'body');
}

/**
 * The parser of an operation's body or query (for a query, numbers and booleans are coerced from
 * text). Its result is typed where the operation is declared (by its schema), not here.
 */
export function parserOf(schema: SchemaObject, where: 'body' | 'query'): Parser<unknown> {
  return compile<unknown>(where === 'body' ? bodyAjv : queryAjv, schema, where);
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
        throw errors.validation(`${infinite ? `"${infinite}"` : `The request ${where}`} must be a finite number.`, infinite || undefined, {
          rule: 'type',
          expected: 'number',
        });
      }
      return data;
    }
    const error = reported(validate.errors);
    throw errors.validation(describe(error, schema, where), error ? fieldOf(error) || undefined : undefined, ruleOf(error));
  };
}

/**
 * The error to report: the first, unless it is a branch of an anyOf over the same value. Branches
 * that each allow some values (enum, const) are reported as one list of every value allowed; others
 * as the anyOf's `x-error` sentence, when it has one, rather than the first branch's complaint.
 */
function reported(list: ErrorObject[] | null | undefined): ErrorObject | undefined {
  const first = list?.[0];
  const same = list?.filter((e) => e.instancePath === first?.instancePath) ?? [];
  const anyOf = same.find((e) => e.keyword === 'anyOf');
  if (!first || !anyOf) return first;
  const branches = same.filter((e) => e !== anyOf);
  if (branches.every((e) => e.keyword === 'enum' || e.keyword === 'const')) {
    const allowedValues = branches.flatMap((e) => (e.keyword === 'enum' ? (e.params.allowedValues as unknown[]) : [e.params.allowedValue]));
    return { ...first, keyword: 'enum', params: { allowedValues } };
  }
  return (anyOf.parentSchema as { 'x-error'?: string } | undefined)?.['x-error'] ? anyOf : first;
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

const SIMPLE_RULES: Readonly<Record<string, string>> = {
  required: 'required',
  additionalProperties: 'unknown_field',
  uniqueItems: 'repeated',
  minProperties: 'nothing_to_change',
  pattern: 'format',
};

/** What the field breaks, as the error body names it (ValidationRule in errors.ts). */
function ruleOf(error: ErrorObject | undefined): ValidationRule {
  if (!error) return { rule: 'invalid' };
  const p = error.params as Record<string, unknown>;
  const limit = typeof p.limit === 'number' ? p.limit : undefined;
  switch (error.keyword) {
    case 'type':
      // A field that may be null says its other type ("string,null" is Ajv's list of both).
      return {
        rule: 'type',
        expected:
          String(p.type)
            .split(',')
            .find((type) => type !== 'null') ?? String(p.type),
      };
    case 'enum':
      return { rule: 'one_of', allowed: p.allowedValues as unknown[] };
    case 'const':
      return { rule: 'one_of', allowed: [p.allowedValue] };
    case 'minLength':
      return limit === 1 ? { rule: 'empty' } : { rule: 'too_short', limit };
    case 'maxLength':
      return { rule: 'too_long', limit };
    case 'minimum':
    case 'exclusiveMinimum':
      return { rule: 'too_small', limit, comparison: String(p.comparison) };
    case 'maximum':
    case 'exclusiveMaximum':
      return { rule: 'too_large', limit, comparison: String(p.comparison) };
    case 'minItems':
      return { rule: 'too_few', limit };
    case 'maxItems':
      return { rule: 'too_many', limit };
    case 'format':
      return { rule: 'format', format: String(p.format) };
    case 'x-text':
      return textRule(error.message ?? '');
    default:
      return { rule: SIMPLE_RULES[error.keyword] ?? 'invalid' };
  }
}

/** The rule of a text's problem (textProblem's sentence): empty, too few visible characters, or characters a text may not hold. */
function textRule(problem: string): ValidationRule {
  const visible = /at least (\d+) visible/.exec(problem);
  if (visible) return { rule: 'too_short', limit: Number(visible[1]) };
  if (/reading direction/.test(problem)) return { rule: 'direction_characters' };
  if (/control characters/.test(problem)) return { rule: 'control_characters' };
  return { rule: 'empty' };
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
    case 'x-text':
      return `${subject} ${error.message}.`;
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
