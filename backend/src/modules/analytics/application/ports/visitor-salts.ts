/**
 * The daily salts of the visitor hashes: one random salt per UTC day, the same for every API process, destroyed
 * once its day is over, so a hash can neither be linked to the hashes of other days nor traced back to a person.
 */
export abstract class VisitorSalts {
  /**
   * The salt of the UTC day 'YYYY-MM-DD' (32 random bytes), made by whichever process asks first. A salt already
   * known answers at once, without a promise: it sits on the public request paths.
   */
  abstract saltOf(day: string): Buffer | Promise<Buffer>;
  /** Destroys the salts of the days before `day`; returns how many. */
  abstract forgetBefore(day: string): Promise<number>;
}
