/**
 * Runs work in one database transaction; stores used inside join it. Nested runs join the outer one.
 * (The same port as billing's; each module keeps its own so neither reaches into the other.)
 */
export abstract class Transactions {
  abstract run<T>(work: () => Promise<T>): Promise<T>;
}
