import create from './closure-create.ts';

/** The fields of closure-create, any of them. */
export default {
  "$id": "closure-update",
  "title": "Change a closure",
  "type": "object",
  "additionalProperties": false,
  "minProperties": 1,
  "properties": create.properties
} as const;
