import { randomUUID } from 'node:crypto';

/** The part of an OpenAPI 3.1 schema the walk reads. */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  minLength?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

export interface Parameter {
  name: string;
  in: string;
  schema?: Schema;
}

export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: Array<Record<string, string[]>>;
}

export interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** Where a string goes in a request: a path or query parameter, or a place in the JSON body. */
export type Field = { in: 'path' | 'query'; name: string } | { in: 'body'; at: Array<string | number> };

/** Values a valid request would plausibly carry, by the field's name, where its schema alone does not say enough. */
export interface Plausible {
  username: string;
  linkId: string;
  email: () => string;
  password: string;
}

const MAX_DEPTH = 8;

/** The schema a `$ref` names, followed until it is not one. */
export function resolve(document: Document, schema: Schema | undefined): Schema {
  let found = schema ?? {};
  for (let hops = 0; found.$ref && hops < 20; hops += 1) {
    const name = found.$ref.replace('#/components/schemas/', '');
    found = document.components?.schemas?.[name] ?? {};
  }
  return found;
}

/** The schema's one alternative to fill: the first that is not null. */
function chosen(document: Document, schema: Schema | undefined): Schema {
  const resolved = resolve(document, schema);
  const alternatives = resolved.anyOf ?? resolved.oneOf;
  if (alternatives)
    return chosen(
      document,
      alternatives.find((alternative) => resolve(document, alternative).type !== 'null') ?? alternatives[0],
    );
  if (resolved.allOf)
    return resolved.allOf.reduce<Schema>((merged, part) => ({ ...merged, ...chosen(document, part) }), {});
  return resolved;
}

const typeOf = (schema: Schema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;

/** A plausible valid value for a schema, named `name` (the property or parameter). */
export function plausibleValue(
  document: Document,
  schema: Schema | undefined,
  name: string,
  values: Plausible,
  depth = 0,
): unknown {
  const resolved = chosen(document, schema);
  if (resolved.enum && resolved.enum.length > 0)
    return resolved.enum.find((value) => value !== null) ?? resolved.enum[0];
  const type = typeOf(resolved) ?? (resolved.properties ? 'object' : resolved.items ? 'array' : 'string');
  if (type === 'object') {
    if (depth >= MAX_DEPTH) return {};
    return Object.fromEntries(
      Object.entries(resolved.properties ?? {}).map(([key, property]) => [
        key,
        plausibleValue(document, property, key, values, depth + 1),
      ]),
    );
  }
  if (type === 'array')
    return depth >= MAX_DEPTH ? [] : [plausibleValue(document, resolved.items, name, values, depth + 1)];
  if (type === 'integer' || type === 'number') return resolved.minimum ?? 1;
  if (type === 'boolean') return true;
  return plausibleString(resolved, name, values);
}

function plausibleString(schema: Schema, name: string, values: Plausible): string {
  const lower = name.toLowerCase();
  if (schema.format === 'email' || lower.endsWith('email')) return values.email();
  if (schema.format === 'uuid') return lower.includes('link') || lower === 'id' ? values.linkId : randomUUID();
  if (schema.format === 'uri' || lower.endsWith('url')) return 'https://example.com/page';
  if (schema.format === 'date-time' || lower.endsWith('at')) return new Date(Date.now() + 7 * 86_400_000).toISOString();
  if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
  if (lower.includes('password')) return values.password;
  if (lower === 'username') return values.username;
  if (lower.includes('color')) return '#ffffff';
  if (lower.includes('price') || lower.includes('amount')) return '25';
  if (schema.pattern) return patternValue(schema.pattern);
  return 'walk'.padEnd(schema.minLength ?? 0, 'k');
}

/** A value for the few patterns the contracts use beyond names that say what they hold. */
function patternValue(pattern: string): string {
  for (const candidate of [
    'walk',
    'walker-1',
    '2026-W01',
    '25',
    '2026-01-01',
    '09:00',
    '#ffffff',
    'a1b2c3',
    '123456',
  ]) {
    try {
      if (new RegExp(pattern).test(candidate)) return candidate;
    } catch {
      return 'walk';
    }
  }
  return 'walk';
}

/** Every string the operation takes: its path and query parameters, and each string in its JSON body. */
export function stringFields(document: Document, operation: Operation): Field[] {
  const fields: Field[] = [];
  for (const parameter of operation.parameters ?? []) {
    // Every path segment and query value arrives as text, whatever it is read as.
    if (parameter.in === 'path' || parameter.in === 'query') fields.push({ in: parameter.in, name: parameter.name });
  }
  const body = operation.requestBody?.content?.['application/json']?.schema;
  if (body) collectBodyStrings(document, body, [], fields, 0);
  return fields;
}

function collectBodyStrings(
  document: Document,
  schema: Schema,
  at: Array<string | number>,
  fields: Field[],
  depth: number,
): void {
  const resolved = chosen(document, schema);
  const type = typeOf(resolved) ?? (resolved.properties ? 'object' : resolved.items ? 'array' : undefined);
  if (depth > MAX_DEPTH) return;
  if (type === 'object') {
    for (const [key, property] of Object.entries(resolved.properties ?? {}))
      collectBodyStrings(document, property, [...at, key], fields, depth + 1);
  } else if (type === 'array') collectBodyStrings(document, resolved.items ?? {}, [...at, 0], fields, depth + 1);
  else if (type === 'string' || type === undefined) fields.push({ in: 'body', at });
}

/** `body` with the value at `at` replaced (arrays and objects copied on the way). */
export function withValueAt(body: unknown, at: Array<string | number>, value: unknown): unknown {
  if (at.length === 0) return value;
  const [head, ...rest] = at;
  if (typeof head === 'number') {
    const list = Array.isArray(body) ? [...(body as unknown[])] : [];
    list[head] = withValueAt(list[head], rest, value);
    return list;
  }
  const object = body !== null && typeof body === 'object' ? { ...(body as Record<string, unknown>) } : {};
  object[head!] = withValueAt(object[head!], rest, value);
  return object;
}

/**
 * Percent-encodes text for a URL as a browser does: UTF-8 bytes, and for a lone surrogate the three bytes
 * its code unit would have (`%ED%A0%80` for U+D800), which encodeURIComponent refuses to write.
 */
export function percentEncode(text: string): string {
  let encoded = '';
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      encoded += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      encoded += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else encoded += encodeURIComponent(text[i]!);
  }
  return encoded;
}

export const describeField = (field: Field): string =>
  field.in === 'body' ? `body.${field.at.join('.')}` : `${field.in} ${field.name}`;
