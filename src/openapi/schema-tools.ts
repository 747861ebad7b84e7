/** Transformations of our JSON Schemas for the documents we publish; validation uses the files as they are. */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * A copy where every `enum` (and `const`) without a `type` gets the type of its values, so code
 * generators see `"pending" | "success"` instead of falling back to any. Validation keeps the
 * files as they are: there a wrong type is reported as "must be one of: …", the clearer sentence.
 */
export function withEnumTypes<T>(schema: T): T {
  return visit(schema as Json) as T;
}

function visit(node: Json): Json {
  if (Array.isArray(node)) return node.map(visit);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) {
    // Values of these keywords are data, not schemas.
    out[key] = key === 'enum' || key === 'const' || key === 'default' || key === 'examples' ? value : visit(value);
  }
  if (out.type === undefined && (Array.isArray(out.enum) || 'const' in out)) {
    const values = Array.isArray(out.enum) ? out.enum : [out.const!];
    const types = [...new Set(values.map(typeOf))];
    out.type = types.length === 1 ? types[0]! : types;
  }
  return out;
}

function typeOf(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * A copy of `schema` that stands alone: every `$ref` to `<id>#/$defs/<name>` of a schema in
 * `library` is copied into the schema's own `$defs` (with what it refers to in turn) and the
 * reference made local. Anyone can compile the result without our other files.
 */
export function selfContained<T extends object>(schema: T, library: readonly { $id: string; $defs: Record<string, unknown> }[]): T {
  const byId = new Map(library.map((s) => [s.$id, s.$defs]));
  const copied: Record<string, Json> = {};
  const localRef = (text: string) =>
    text.replace(/"\$ref":"([^"#]+)#\/\$defs\/([^"]+)"/g, (whole, id: string, name: string) => {
      const defs = byId.get(id);
      if (!defs || !(name in defs)) return whole;
      if (!(name in copied)) {
        copied[name] = null;
        copied[name] = JSON.parse(localRef(JSON.stringify(defs[name])));
      }
      return `"$ref":"#/$defs/${name}"`;
    });
  const body = JSON.parse(localRef(JSON.stringify(schema))) as Record<string, Json>;
  if (Object.keys(copied).length > 0) body.$defs = { ...((body.$defs as Record<string, Json>) ?? {}), ...copied };
  return withEnumTypes(body) as T;
}
