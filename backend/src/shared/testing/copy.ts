/**
 * A shallow copy of an entity with its class (so its methods keep working) and its dates copied too.
 * In-memory fakes store and hand out copies, as a database does: a change reaches the store only through
 * the repository, never by editing an object a test or a use case still holds.
 */
export function copyOf<T extends object>(value: T): T {
  const copy = Object.create(Object.getPrototypeOf(value) as object) as Record<string, unknown>;
  for (const [key, field] of Object.entries(value)) {
    copy[key] = field instanceof Date ? new Date(field.getTime()) : field;
  }
  return copy as T;
}
