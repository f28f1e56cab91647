/**
 * A fixed allowance of actions per key in a window (rate-limiter-flexible over Redis or PostgreSQL in the
 * product, a window on the test's clock in unit specs). `consume` counts one action and answers null while
 * the key is within its allowance, else the whole seconds until it may act again.
 */
export abstract class RateLimit {
  abstract consume(key: string): Promise<number | null>;
}
