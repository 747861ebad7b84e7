import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import defs from '../../schema/defs.ts';

const SCHEMA_DIR = path.resolve(import.meta.dirname, '../../schema');
const addFormats = (typeof formats === 'function' ? formats : (formats as { default: unknown }).default) as (ajv: Ajv2020) => void;

/** A validator built here from the schema files themselves, independent of the server's own. */
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addSchema(defs);
ajv.addSchema(JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, 'responses.json'), 'utf8')));

/** Throws unless `data` is valid for `event` according to schema/events/<event>.json. */
export function assertEventData(event: string, data: unknown): void {
  const file = path.join(SCHEMA_DIR, 'events', `${event}.json`);
  const schema = JSON.parse(fs.readFileSync(file, 'utf8'));
  const validate = ajv.getSchema(schema.$id) ?? ajv.compile(schema);
  if (!validate(data)) {
    throw new Error(`${event} data does not match its schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(data)}`);
  }
}

/**
 * Throws unless `body` is valid for the answer `name` of schema/responses.json: for the public
 * operations (a calendar feed, a client's manage link), which the OpenAPI document does not list.
 */
export function assertAnswer(name: string, body: unknown): void {
  const validate = ajv.getSchema(`responses#/$defs/${name}`)!;
  if (!validate(body)) throw new Error(`not a ${name}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`);
}
