/**
 * JSON Schema (2020-12, as OpenAPI 3.1 uses it) for the answers the API sends, written beside the views that
 * produce them. `objectOf<View>()` takes one schema per field of the shared contract's interface: a field
 * added to or removed from the contract fails to compile until its schema follows.
 */
export type Schema = { readonly [keyword: string]: unknown };

declare const optionalMark: unique symbol;
/** A field the answer may leave out (`field?:` in the contract). */
export type OptionalSchema = Schema & { readonly [optionalMark]: true };

const OPTIONAL = 'x-optional';

export const optional = (schema: Schema): OptionalSchema => ({ ...schema, [OPTIONAL]: true }) as unknown as OptionalSchema;

export const string: Schema = { type: 'string' };
export const integer: Schema = { type: 'integer' };
export const number: Schema = { type: 'number' };
export const boolean: Schema = { type: 'boolean' };
export const dateTime: Schema = { type: 'string', format: 'date-time' };
/** A day, YYYY-MM-DD. */
export const date: Schema = { type: 'string', format: 'date' };
export const uuid: Schema = { type: 'string', format: 'uuid' };

export const constant = (value: string | number | boolean): Schema => ({ const: value });
export const oneOfValues = (values: readonly (string | number)[]): Schema => ({ enum: [...values] });
export const arrayOf = (items: Schema): Schema => ({ type: 'array', items });
export const anyOf = (...schemas: Schema[]): Schema => ({ anyOf: schemas });
/** The value or null (`string | null` in the contract). */
export const nullable = (schema: Schema): Schema => {
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  if (Array.isArray(schema.enum)) return { ...schema, enum: [...schema.enum, null] };
  return { anyOf: [schema, { type: 'null' }] };
};

type FieldSchemas<T> = { [K in keyof T]-?: undefined extends T[K] ? OptionalSchema : Schema };

/** An object with exactly the contract's fields: those marked `optional` may be absent, no others may appear. */
export function objectOf<T>() {
  return <P extends FieldSchemas<T>>(properties: P & Record<Exclude<keyof P, keyof T>, never>): Schema => object(properties);
}

/** An object schema from field schemas, for shapes with no named contract (health's answers). */
export function object(properties: Record<string, Schema>): Schema {
  const required = Object.entries(properties)
    .filter(([, schema]) => schema[OPTIONAL] !== true)
    .map(([name]) => name);
  const cleaned = Object.fromEntries(
    Object.entries(properties).map(([name, { [OPTIONAL]: _optional, ...schema }]) => [name, schema]),
  );
  return { type: 'object', properties: cleaned, required, additionalProperties: false };
}

const components = new Map<string, Schema>();

/**
 * A named schema, listed once under the document's `components.schemas` and referred to by `$ref` wherever an
 * answer uses it.
 */
export function component(name: string, schema: Schema): Schema {
  const known = components.get(name);
  if (known !== undefined && known !== schema) throw new Error(`Two OpenAPI schemas are named ${name}`);
  components.set(name, schema);
  return { $ref: `#/components/schemas/${name}` };
}

export function namedSchemas(): Record<string, Schema> {
  return Object.fromEntries(components);
}
