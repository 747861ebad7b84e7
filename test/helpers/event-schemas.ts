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

/** Throws unless `data` is valid for `event` according to schema/events/<event>.json. */
export function assertEventData(event: string, data: unknown): void {
  const file = path.join(SCHEMA_DIR, 'events', `${event}.json`);
  const schema = JSON.parse(fs.readFileSync(file, 'utf8'));
  const validate = ajv.getSchema(schema.$id) ?? ajv.compile(schema);
  if (!validate(data)) {
    throw new Error(`${event} data does not match its schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(data)}`);
  }
}
