/**
 * Whether an error says that a store we depend on (PostgreSQL, Redis) could not be reached or went away
 * mid-request: nothing the client did, answered 503 with Retry-After rather than 500.
 */
export function isStoreUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    if (STORE_ERROR_NAMES.has(cause.name)) return true;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08') || code.startsWith('57P'))) return true;
    if (STORE_MESSAGES.some((pattern) => pattern.test(cause instanceof Error ? cause.message : ''))) return true;
  }
  return false;
}

/** MikroORM's connection errors; ioredis's when Redis is away or too slow. */
const STORE_ERROR_NAMES = new Set(['ConnectionException', 'MaxRetriesPerRequestError']);
/** Socket errors; PostgreSQL's connection exceptions (08…) and operator interventions (57P…) are matched by class. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const STORE_MESSAGES = [
  /^Connection terminated/,
  /^Connection is closed/,
  /Stream isn't writeable/,
  /^Command timed out/,
  /^timeout exceeded when trying to connect/,
  /^Knex: Timeout acquiring a connection/,
];
