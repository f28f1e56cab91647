/**
 * Field readers for the provider objects events carry (Stripe's shapes; the local provider emits the same). They
 * take `unknown` defensively: a webhook body is outside input even once its signature checks out.
 */
export type Obj = Record<string, unknown>;

export const asObj = (value: unknown): Obj => (value !== null && typeof value === 'object' ? (value as Obj) : {});
export const asString = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : null;
export const asInt = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
export const fromUnix = (value: unknown): Date | null => {
  const seconds = asInt(value);
  return seconds === null ? null : new Date(seconds * 1000);
};
/** An object's id, whether the field holds the id or the object expanded. */
export const idOf = (value: unknown): string | null => asString(value) ?? asString(asObj(value).id);
