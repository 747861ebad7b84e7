import create from './client-create.ts';

/** The fields of client-create, any of them. */
export default {
  "$id": "client-update",
  "title": "Change a client",
  "type": "object",
  "additionalProperties": false,
  "minProperties": 1,
  "properties": create.properties
} as const;
