import create from './service-create.ts';

/** The fields of service-create, any of them. */
export default {
  "$id": "service-update",
  "title": "Change a service",
  "type": "object",
  "additionalProperties": false,
  "minProperties": 1,
  "properties": create.properties
} as const;
