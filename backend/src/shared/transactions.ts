/** Runs work in one database transaction; stores used inside join it. Nested runs join the outer one. */
export abstract class Transactions {
  abstract run<T>(work: () => Promise<T>): Promise<T>;
}
